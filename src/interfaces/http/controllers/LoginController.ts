import { inject } from 'inversify';
import type { Request, Response } from 'express';
import { controller, httpPost, request, requestBody, response } from 'inversify-express-utils';
import type { Login, LoginInput } from '../../../application/login/Login';
import type { AccessTokenInfo } from '../../../domain/model/AccessTokenInfo';
import { LoginInputIncompleteError } from '../../../domain/errors';
import { isSafeText } from '../../../domain/model/AccountName';
import { TYPES } from '../../composition/types';
import { ok, type ServerResponse } from '../envelope';
import { MESSAGES } from '../messages';

@controller('/oauth/jwt')
export class LoginController {
  constructor(@inject(TYPES.Login) private readonly login: Login) {}

  @httpPost('/token')
  async token(@requestBody() body: unknown, @request() req: Request, @response() res: Response): Promise<ServerResponse<AccessTokenInfo>> {
    // A response carrying a token must not be stored by any cache (RFC 6749 §5.1).
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    // The client address for the login limits: req.ip honours AUTH_TRUST_PROXY.
    const address = req.ip ?? req.socket.remoteAddress;
    // Given to the trail here: the login route, the hottest, runs outside any audit context (auditRequestContext).
    const id = (req as { id?: unknown }).id;
    const requestId = typeof id === 'string' ? id : undefined;
    return ok(await this.login.execute({ ...parseLoginRequest(body), address, requestId }), MESSAGES.loginSucceeded);
  }
}

/** Copies only the known fields (nothing from the prototype chain) and validates them. */
export function parseLoginRequest(body: unknown): LoginInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new LoginInputIncompleteError();
  const fields = body as Record<string, unknown>;
  const username = ownField(fields, 'username');
  const password = ownField(fields, 'password');
  const code = ownField(fields, 'code');
  const otp = ownField(fields, 'otp');
  // The usual login passes every rule plainly; class-validator decides every other case.
  const input =
    surelyValid(username, 256) && surelyValid(password, 1024) && optionalText(code, 256) && optionalText(otp, 64)
      ? { username, password, code: code ?? undefined, ...(otp === undefined || otp === null ? {} : { otp }) }
      : validated(username, password, code, otp);
  // A control character (NUL breaks PostgreSQL) or a lone surrogate never reaches the user store.
  if (![input.username, input.password, input.code ?? '', input.otp ?? ''].every(isSafeText)) throw new LoginInputIncompleteError();
  return input;
}

/**
 * class-validator's verdict on the fields the plain check does not surely accept. Loaded on the first
 * such login, not at start-up: with its dependencies it is ~320 modules and ~60 ms of start-up.
 */
function validated(username: unknown, password: unknown, code: unknown, otp: unknown): LoginInput {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { validateSync } = require('class-validator') as typeof import('class-validator');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { LoginRequest } = require('./LoginRequest') as typeof import('./LoginRequest');
  const request = new LoginRequest();
  request.username = username as string;
  request.password = password as string;
  if (code !== null && code !== undefined) request.code = code as string;
  if (otp !== null && otp !== undefined) request.otp = otp as string;
  if (validateSync(request).length > 0) throw new LoginInputIncompleteError();
  return { username: request.username, password: request.password, code: request.code, ...(request.otp === undefined ? {} : { otp: request.otp }) };
}

/**
 * True only when LoginRequest's rules surely accept the value: a primitive
 * string with a non-blank character and at most `max` UTF-16 units (so at most
 * `max` characters, as MaxLength counts them).
 */
function surelyValid(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max && NOT_BLANK.test(value);
}

const NOT_BLANK = /\S/;

/** Absent, null, or a primitive string of at most `max` units: what an optional field surely passes. */
function optionalText(value: unknown, max: number): value is string | null | undefined {
  return value === undefined || value === null || (typeof value === 'string' && value.length <= max);
}

function ownField(fields: Record<string, unknown>, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined;
}
