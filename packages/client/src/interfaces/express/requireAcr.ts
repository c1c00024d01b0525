import type { RequestHandler } from 'express';
import { TokenMissingError } from '../../domain/errors';
import { acrCheckOf, meetsAcrCheck, type AcrOptions } from '../verifier/checkAcr';
import { tokenErrorAnswer, type TokenErrorAnswer } from './tokenErrorAnswer';
import { tokenOf } from './tokenOf';

/**
 * An express middleware (4 or 5) for a route that needs a sign-in of at least level `value` (RFC 9470),
 * mounted after the token middleware (or the inversify TokenInterceptor). A token whose `acr` is lower,
 * not a known level, or missing, or (with `maxAge`) whose `auth_time` is older or missing, is answered 401
 * with `WWW-Authenticate: Bearer error="insufficient_user_authentication", error_description="…",
 * acr_values="<value>"` (plus `max_age=<maxAge>` when the sign-in was too long ago; the `DPoP` scheme for a
 * request that used it) and the token middleware's JSON body; the client sends the user to sign in again with
 * those values. A request no token check verified is answered 401 like a missing token.
 *
 * ```ts
 * app.post('/payments', requireAcr('urn:auth-service:acr:mfa', { maxAge: 300 }), pay);
 * ```
 *
 * @throws ConfigError when `value` is not one of `levels` (default ACR_LEVELS) or `maxAge` is not a whole number of seconds.
 */
export function requireAcr(value: string, options: AcrOptions = {}): RequestHandler {
  const check = acrCheckOf(value, options);
  const missingToken = tokenErrorAnswer(new TokenMissingError()) as TokenErrorAnswer;
  return (req, res, next) => {
    const token = tokenOf(res);
    let answer = missingToken;
    if (token !== null) {
      try {
        meetsAcrCheck(token, check);
        next();
        return;
      } catch (error) {
        answer = tokenErrorAnswer(error, req.headers.authorization) as TokenErrorAnswer;
      }
    }
    res.status(answer.status).set(answer.headers).json(answer.body);
  };
}
