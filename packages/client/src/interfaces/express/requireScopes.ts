import type { RequestHandler } from 'express';
import { InsufficientScopeError, TokenMissingError } from '../../domain/errors';
import { isScopeToken } from '../../domain/model/TokenPurpose';
import { ConfigError } from '../../infrastructure/config/ConfigError';
import { tokenErrorAnswer, type TokenErrorAnswer } from './tokenErrorAnswer';
import { tokenOf } from './tokenOf';

/**
 * An express middleware (4 or 5) for a route that needs every one of `scopes`
 * in the token's `scope` claim. Mount it after the token middleware (or the
 * inversify TokenInterceptor), which leaves the verified token on the response.
 * A token without them is answered 403 with
 * `WWW-Authenticate: Bearer error="insufficient_scope", scope="<scopes>"`
 * (RFC 6750 §3.1) and the token middleware's JSON body
 * (`{ error: 'insufficient_scope', code: 'INSUFFICIENT_SCOPE', message }`);
 * a request no token check verified (no middleware before it, an open route)
 * is answered 401 like a missing token, never let through.
 *
 * @throws ConfigError when no scope is given or one is not an RFC 6749 scope token (empty, spaces, `"`, `\`).
 */
export function requireScopes(...scopes: string[]): RequestHandler {
  const bad = scopes.filter((scope) => !isScopeToken(scope));
  if (scopes.length === 0) throw new ConfigError(['requireScopes needs at least one scope']);
  if (bad.length > 0) throw new ConfigError(bad.map((scope) => `requireScopes: ${JSON.stringify(scope)} is not a scope token (RFC 6749 §3.3)`));
  const required = Object.freeze([...scopes]);
  // Built once per route: the answers never change.
  const missingToken = tokenErrorAnswer(new TokenMissingError()) as TokenErrorAnswer;
  const insufficient = tokenErrorAnswer(new InsufficientScopeError(required)) as TokenErrorAnswer;
  return (_req, res, next) => {
    const token = tokenOf(res);
    const answer = token === null ? missingToken : required.every((scope) => token.scopes.includes(scope)) ? null : insufficient;
    if (answer === null) next();
    else res.status(answer.status).set(answer.headers).json(answer.body);
  };
}
