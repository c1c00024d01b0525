import { AuthorizationRequestError } from '../../../domain/authorizationErrors';
import { grantsOpenId } from '../../../domain/model/OpenIdScope';
import type { AuthorizationCheck, AuthorizationCheckContext, AuthorizationDraft } from './AuthorizationParameters';

/** S256 of RFC 7636: BASE64URL of a SHA-256 digest is always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whether the request may go without PKCE: only a confidential client, not
 * registered `--require-pkce`, under the default rule, asking for an ID token
 * (`openid` granted) bound to a `nonce`: the nonce then stops an injected
 * code as PKCE would (OAuth 2.1 §7.5.1, RFC 9700 §2.1.1).
 */
function mayOmit({ client, pkce, parameters }: AuthorizationCheckContext, draft: AuthorizationDraft): boolean {
  if (pkce === 'all' || client.kind === 'public' || client.requirePkce) return false;
  return parameters.nonce !== undefined && draft.granted !== undefined && grantsOpenId(draft.granted.scopes);
}

/** RFC 7636 with S256 only: a challenge of the right form, required unless mayOmit. Runs after checkScope. */
export const checkPkce: AuthorizationCheck = (context, draft) => {
  const { code_challenge: challenge, code_challenge_method: method } = context.parameters;
  if (challenge === undefined) {
    if (method !== undefined) throw new AuthorizationRequestError('invalid_request', 'code_challenge_method without code_challenge');
    if (mayOmit(context, draft)) return;
    throw new AuthorizationRequestError('invalid_request', 'code_challenge is required (PKCE, RFC 7636)');
  }
  if (method !== 'S256') throw new AuthorizationRequestError('invalid_request', 'code_challenge_method must be S256');
  if (!S256_CHALLENGE.test(challenge)) throw new AuthorizationRequestError('invalid_request', 'code_challenge must be 43 base64url characters');
  draft.codeChallenge = challenge;
};
