import type { GrantedAccess } from '../../domain/model/GrantedAccess';
import type { OAuthClient } from '../../domain/model/OAuthClient';
import type { Prompt } from '../../domain/model/Prompt';

/** What of an authorization request consent looks at: its prompts and the scopes it would be granted. */
export interface ConsentRequest {
  readonly prompts?: readonly Prompt[];
  readonly granted: GrantedAccess;
}

/** Why the consent page must be shown. */
export type ConsentReason = 'consent_prompted' | 'not_approved' | 'scopes_missing';

export interface ConsentContext {
  readonly client: OAuthClient;
  readonly request: ConsentRequest;
  /** The scopes the user approved for the client; null when the user never approved it. */
  readonly approved: readonly string[] | null;
}

type ConsentCheck = (context: ConsentContext) => ConsentReason | null;

/** `prompt=consent` asks even when the approval is remembered. */
const consentPrompted: ConsentCheck = ({ request }) => (request.prompts?.includes('consent') ? 'consent_prompted' : null);

/** The user never approved this client (for any scope: a request for none asks too). */
const notApproved: ConsentCheck = ({ approved }) => (approved === null ? 'not_approved' : null);

/** A scope the user has not approved for this client; what was approved covers every subset of it. */
const scopesMissing: ConsentCheck = ({ request, approved }) =>
  request.granted.scopes.some((scope) => !(approved ?? []).includes(scope)) ? 'scopes_missing' : null;

const CHECKS: readonly ConsentCheck[] = [consentPrompted, notApproved, scopesMissing];

/**
 * Why the user must approve this request, or null when no page is needed: a
 * first-party client (`clients add --first-party`, the service's own app)
 * never asks; every other client asks before its first code for the user and
 * whenever it asks for a scope not yet approved (RFC 6749 §10.2, RFC 8252
 * §8.6: a client id alone proves nothing about the app behind it).
 */
export function consentReason(context: ConsentContext): ConsentReason | null {
  if (context.client.firstParty) return null;
  for (const check of CHECKS) {
    const reason = check(context);
    if (reason !== null) return reason;
  }
  return null;
}
