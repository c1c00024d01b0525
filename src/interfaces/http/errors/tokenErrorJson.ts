import { bearerErrorAnswer } from './bearerChallenge';
import type { ErrorAnswer } from './ErrorAnswer';
import { errorEntryOf } from './errorTable';
import { oauthMeaningAnswer, serverErrorAnswer } from './oauthErrorJson';

/** What the endpoint's request says about how to answer. */
export interface TokenErrorContext {
  /**
   * A failed client authentication may be answered 401 with a Basic challenge: the client used Basic
   * (RFC 6749 §5.2), or the endpoint requires client authentication whatever the method (RFC 7662 §2.3).
   * Otherwise 400: a 401 always needs a challenge.
   */
  readonly basicChallenge: boolean;
  /** The request's bearer token was its authentication (revocation by sign-out): a bearer that does not verify is answered as RFC 6750 §3. */
  readonly bearer: boolean;
}

const BASIC_CHALLENGE = 'Basic realm="oauth", charset="UTF-8"';

/**
 * The writer of the token endpoint's RFC 6749 §5.2 JSON (also the introspection and revocation endpoints',
 * RFC 7662 §2.3 and RFC 7009 §2.2.1): the table's OAuth meaning of the error, 500 server_error when it has none.
 */
export function tokenErrorAnswer(error: unknown, context: TokenErrorContext): ErrorAnswer {
  const answer = oauthMeaningAnswer(error);
  if (answer !== null) {
    const invalidClient = (answer.body as { error?: unknown }).error === 'invalid_client';
    return invalidClient && context.basicChallenge ? { ...answer, status: 401, headers: { ...answer.headers, 'WWW-Authenticate': BASIC_CHALLENGE } } : answer;
  }
  if (context.bearer && errorEntryOf(error)?.bearer !== undefined) return bearerErrorAnswer(error);
  return serverErrorAnswer();
}
