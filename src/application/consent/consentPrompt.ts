import { AuthorizationRequestError } from '../../domain/authorizationErrors';
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

/**
 * Why the user must approve this request, or null when no page is needed: a
 * first-party client (`clients add --first-party`, the service's own app)
 * never asks; every other client asks before its first code for the user and
 * whenever it asks for a scope not yet approved (RFC 6749 §10.2, RFC 8252
 * §8.6: a client id alone proves nothing about the app behind it).
 */
export function consentReason({ client, request, approved }: ConsentContext): ConsentReason | null {
  if (client.firstParty) return null;
  // prompt=consent asks even when the approval is remembered.
  if (request.prompts?.includes('consent')) return 'consent_prompted';
  // Never approved (for any scope: a request for none asks too).
  if (approved === null) return 'not_approved';
  // A scope not approved yet; what was approved covers every subset of it.
  return request.granted.scopes.every((scope) => approved.includes(scope)) ? null : 'scopes_missing';
}

/** What the client hears for each reason when `prompt=none` forbids the page (consent_prompted cannot meet none). */
const DESCRIPTIONS: Readonly<Record<ConsentReason, string>> = {
  consent_prompted: 'the user must approve the request again',
  not_approved: 'the user must approve the request',
  scopes_missing: 'the user must approve the scopes not approved yet',
};

/** OpenID Connect Core §3.1.2.6 `consent_required`, with the reason the page would have been shown. */
export function consentRequired(reason: ConsentReason): AuthorizationRequestError {
  return new AuthorizationRequestError('consent_required', DESCRIPTIONS[reason]);
}
