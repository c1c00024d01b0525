import { IsOptional, IsString, Matches, MaxLength, validateSync } from 'class-validator';
import { inject } from 'inversify';
import type { Request, Response } from 'express';
import { controller, httpPost, request, requestBody, response } from 'inversify-express-utils';
import type { Login, LoginInput } from '../../../application/Login';
import type { AccessTokenInfo } from '../../../domain/model/AccessTokenInfo';
import { LoginInputIncompleteError } from '@auth-service/client/internal/domain/errors';
import { TYPES } from '@auth-service/client/internal/interfaces/composition/types';
import { ok, type ServerResponse } from '@auth-service/client/internal/interfaces/http/envelope';
import { MESSAGES } from '@auth-service/client/internal/interfaces/http/messages';

/** The login body as validated at the edge: non-blank strings of sane length. */
class LoginRequest {
  @IsString()
  @Matches(/\S/)
  @MaxLength(256)
  username!: string;

  @IsString()
  @Matches(/\S/)
  @MaxLength(1024)
  password!: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  code?: string;
}

@controller('/oauth/jwt')
export class LoginController {
  constructor(@inject(TYPES.Login) private readonly login: Login) {}

  @httpPost('/token')
  async token(@requestBody() body: unknown, @request() req: Request, @response() res: Response): Promise<ServerResponse<AccessTokenInfo>> {
    // A response carrying a token must not be stored by any cache (RFC 6749 §5.1).
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    // The client address for the login limits: req.ip honours AUTH_TRUST_PROXY.
    const address = req.ip ?? req.socket.remoteAddress;
    return ok(await this.login.execute({ ...parseLoginRequest(body), address }), MESSAGES.loginSucceeded);
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
