import { DomainError } from '../../../domain/errors';
import { failure } from '../envelope';
import { MESSAGES } from '../messages';
import { bearerChallenge } from './bearerChallenge';
import { retryAfterHeader, type ErrorAnswer } from './ErrorAnswer';
import { errorEntryOf, retryAfterOf, type ErrorEntry } from './errorTable';
import { requestFaultOf } from './requestFault';

/** What the request says about how to answer. */
export interface EnvelopeErrorContext {
  /**
   * The client authenticated with Basic: a refusal tells the scheme (RFC 9110 §15.5.2). One that sent the
   * query pair (the seed contract, the sign-in page's fetch) gets none: a Basic challenge would make a
   * browser open its password dialog over the page.
   */
  readonly basic: boolean;
}

const BASIC_CHALLENGE = 'Basic realm="client", charset="UTF-8"';

/**
 * The writer of the envelope (`{ success, status, msg, data }`, every route but the standard OAuth endpoints):
 * the table's status and message, Retry-After, the RFC 6750 challenge of a token refusal, the Basic one of a
 * client refusal; a request the parsers could not read is the client's fault; anything else is 500.
 */
export function envelopeErrorAnswer(error: unknown, context: EnvelopeErrorContext): ErrorAnswer {
  const entry = errorEntryOf(error);
  if (entry?.envelope !== undefined) {
    const { status, msg } = entry.envelope;
    const headers = { ...retryAfterHeader(retryAfterOf(error, entry)), ...challengeOf(entry, context) };
    return { status, headers, body: failure(status, msg) };
  }
  // A domain error the table does not know is a fault, whatever it carries.
  const fault = error instanceof DomainError ? null : requestFaultOf(error);
  if (fault !== null) return { status: fault.status, headers: {}, body: failure(fault.status, fault.msg) };
  return { status: 500, headers: {}, body: failure(500, MESSAGES.internalError) };
}

/** Whether the answer is an expected outage that health checks report (no log line per request). */
export function isTransient(error: unknown): boolean {
  return errorEntryOf(error)?.transient === true;
}

function challengeOf(entry: ErrorEntry, context: EnvelopeErrorContext): Record<string, string> {
  const bearer = entry.bearer;
  if (bearer !== undefined) {
    const description = bearer.describedInEnvelope ? bearer.description : undefined;
    return { 'WWW-Authenticate': bearerChallenge(bearer.error ?? undefined, description) };
  }
  return entry.oauth?.error === 'invalid_client' && context.basic ? { 'WWW-Authenticate': BASIC_CHALLENGE } : {};
}
