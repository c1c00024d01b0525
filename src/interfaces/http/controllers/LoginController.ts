import { validateSync } from 'class-validator';
import { inject } from 'inversify';
import type { Response } from 'express';
import { controller, httpPost, requestBody, response } from 'inversify-express-utils';
import type { Login, LoginInput } from '../../../application/Login';
import type { AccessTokenInfo } from '../../../domain/model/AccessTokenInfo';
import { LoginInputIncompleteError } from '../../../domain/errors';
import { TYPES } from '../../composition/types';
import { ok, type ServerResponse } from '../envelope';
import { MESSAGES } from '../messages';
import { LoginRequest } from './LoginRequest';

@controller('/oauth/jwt')
export class LoginController {
  constructor(@inject(TYPES.Login) private readonly login: Login) {}

  @httpPost('/token')
  async token(@requestBody() body: unknown, @response() res: Response): Promise<ServerResponse<AccessTokenInfo>> {
    // A response carrying a token must not be stored by any cache (RFC 6749 §5.1).
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    return ok(await this.login.execute(parseLoginRequest(body)), MESSAGES.loginSucceeded);
  }
}

/** Copies only the known fields (nothing from the prototype chain) and validates them. */
export function parseLoginRequest(body: unknown): LoginInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new LoginInputIncompleteError();
  const fields = body as Record<string, unknown>;
  const request = new LoginRequest();
  request.username = ownField(fields, 'username') as string;
  request.password = ownField(fields, 'password') as string;
  const code = ownField(fields, 'code');
  if (code !== null && code !== undefined) request.code = code as string;
  if (validateSync(request).length > 0) throw new LoginInputIncompleteError();
  return { username: request.username, password: request.password, code: request.code };
}

function ownField(fields: Record<string, unknown>, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined;
}
