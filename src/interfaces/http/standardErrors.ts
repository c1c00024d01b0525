import express, { Router, type RequestHandler, type Response } from 'express';
import { bearerErrorAnswer } from './errors/bearerChallenge';
import { sendErrorAnswer, type ErrorAnswer } from './errors/ErrorAnswer';
import { tokenErrorAnswer } from './errors/tokenErrorJson';

// The request readers of the standard endpoints import their refusal from here.
export { OAuthRequestError } from './errors/OAuthRequestError';

/**
 * The standard OAuth endpoints answer errors the standard way, not with the
 * envelope: the token endpoint as RFC 6749 §5.2 (`{ error, error_description }`),
 * the userinfo endpoint as RFC 6750 §3 (WWW-Authenticate), the revocation
 * endpoint as RFC 6749 §5.2 too (RFC 7009 §2.2.1). A router mounted
 * before body parsing labels their requests, so even a body that fails to parse
 * gets a standard answer; the error handler then asks `sendStandardError`.
 */
export type Dialect = 'token' | 'bearer' | 'revocation' | 'introspection';

const DIALECT_KEY = 'standardErrorDialect';
const BASIC_KEY = 'clientAuthenticatedWithBasic';

/** Each endpoint's writer: what the table says, in the format and with the challenges that endpoint speaks. */
const WRITERS: Readonly<Record<Dialect, (error: unknown, basic: boolean) => ErrorAnswer>> = {
  token: (error, basic) => tokenErrorAnswer(error, { basicChallenge: basic, bearer: false }),
  // RFC 7009 §2.2.1: the token endpoint's errors, and RFC 6750 ones for a sign-out bearer that does not verify.
  revocation: (error, basic) => tokenErrorAnswer(error, { basicChallenge: basic, bearer: true }),
  // RFC 7662 §2.3: failed client authentication is 401 whichever method was used (the endpoint requires one).
  introspection: (error) => tokenErrorAnswer(error, { basicChallenge: true, bearer: false }),
  bearer: (error) => bearerErrorAnswer(error),
};

/** Largest token request body; RFC 6749 requests are a few hundred bytes. */
const FORM_LIMIT = '16kb';

/** Labels the standard endpoints' requests and parses their form bodies. Mount at `<context>/oauth`. */
export function standardEndpointsRouter(): Router {
  const router = Router();
  const endpoints: ReadonlyArray<readonly [string, Dialect]> = [
    ['/token', 'token'],
    // POST userinfo may carry the token as form `access_token` (RFC 6750 §2.2).
    ['/userinfo', 'bearer'],
    ['/revoke', 'revocation'],
    ['/introspect', 'introspection'],
    // RFC 9126 §2.3: the token endpoint's error answers.
    ['/par', 'token'],
    // RFC 8628 §3.2: the token endpoint's error answers.
    ['/device_authorization', 'token'],
  ];
  // A pushed authorization request carries the authorization request's parameters (resources repeated) beside the client's.
  for (const [path, dialect] of endpoints) router.use(path, ...standardEndpoint(dialect, path === '/par' ? 40 : 20));
  return router;
}

/** What standardEndpointsRouter runs on one endpoint's requests: its label, then the form parser. */
export function standardEndpoint(dialect: Dialect, parameterLimit = 20): readonly RequestHandler[] {
  return [
    (_req, res, next) => {
      res.locals[DIALECT_KEY] = dialect;
      next();
    },
    express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit }),
  ];
}

/** The token endpoint calls this when the client authenticated with HTTP Basic: a refusal then says `WWW-Authenticate: Basic`. */
export function markBasicClientAuth(res: Response): void {
  res.locals[BASIC_KEY] = true;
}

/**
 * Answers the error the standard way when the request is one of a standard
 * endpoint's; returns the status sent, or null when the envelope applies.
 */
export function sendStandardError(res: Response, error: unknown): number | null {
  const dialect = res.locals[DIALECT_KEY] as Dialect | undefined;
  if (dialect === undefined) return null;
  const answer = WRITERS[dialect](error, res.locals[BASIC_KEY] === true);
  sendErrorAnswer(res, answer);
  return answer.status;
}
