import type { LoadJob } from './load';
import { post } from './processes';

const LOGIN_BODY = JSON.stringify({ username: 'admin', password: 'bench-password' });
const JSON_HEADERS = { 'content-type': 'application/json' };

/** The login request every bench server answers the same way. */
export function loginJob(port: number): Omit<LoadJob, 'connections' | 'seconds'> {
  return { url: `http://127.0.0.1:${port}/auth/oauth/jwt/token`, method: 'POST', headers: JSON_HEADERS, body: LOGIN_BODY };
}

/** Logs in once and returns the access token. */
export async function issueToken(port: number): Promise<string> {
  const answer = await post(`http://127.0.0.1:${port}/auth/oauth/jwt/token`, LOGIN_BODY, JSON_HEADERS);
  if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${answer.body}`);
  return (JSON.parse(answer.body) as { data: { access_token: string } }).data.access_token;
}

/** The iss claim of a token (read, not verified). */
export function issuerOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { iss: string }).iss;
}
