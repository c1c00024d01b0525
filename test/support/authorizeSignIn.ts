import type { Server } from 'node:http';
import request from 'supertest';
import { InvalidCredentialsError } from '../../src/domain/errors';
import type { AuthenticatedUser } from '../../src/domain/model/AuthenticatedUser';
import type { UserAuthenticator } from '../../src/domain/ports/UserAuthenticator';
import { STUB_USER } from '../../src/infrastructure/auth/StubUserAuthenticator';

/** Any account signs in with the one right password, as a user of its own: `sub` (the id) is the account name. */
export class AccountIdAuthenticator implements UserAuthenticator {
  constructor(private readonly rightPassword = 'right') {}

  async authenticate(username: string, password: string): Promise<AuthenticatedUser> {
    if (password !== this.rightPassword) throw new InvalidCredentialsError();
    return { ...STUB_USER, id: username, account: username };
  }
}

/** The `name=value` pair of a Set-Cookie the response carries, or undefined. */
export function setCookieOf(res: request.Response, name: string): string | undefined {
  return ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((line) => line.startsWith(`${name}=`))?.split(';')[0];
}

/**
 * Signs in through the authorization endpoint's form as a browser without scripts: GET the form for
 * `parameters`, POST it back with the CSRF token and the credentials. Answers the POST's response (303
 * to the redirect URI, or the consent page) and the sign-in session's cookie.
 */
export async function signInThroughForm(
  server: Server,
  path: string,
  parameters: URLSearchParams,
  credentials: { readonly username: string; readonly password: string },
): Promise<{ readonly response: request.Response; readonly session: string | undefined }> {
  const form = await request(server).get(`${path}?${parameters}`).expect(200);
  const fields = new URLSearchParams(parameters);
  fields.set('csrf_token', /name="csrf_token" value="([^"]*)"/.exec(form.text)?.[1] ?? '');
  fields.set('username', credentials.username);
  fields.set('password', credentials.password);
  const response = await request(server).post(path).set('Cookie', setCookieOf(form, 'auth_csrf') ?? '').type('form').send(fields.toString());
  return { response, session: setCookieOf(response, 'auth_session') };
}
