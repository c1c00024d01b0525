import type { AuthorizationCheck, AuthorizationCheckContext, AuthorizationDraft, AuthorizationParameters } from '../../src/application/oauth/authorization/AuthorizationParameters';
import type { OAuthClient } from '../../src/domain/model/OAuthClient';
import { registeredClient } from './oauthClients';

/** An RFC 7636 S256 challenge's shape: 43 base64url characters. */
export const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** A confidential client registered for openid and profile, as a conformance suite's basic client. */
export const WEB_CLIENT: OAuthClient = registeredClient({ id: 'web', kind: 'confidential', redirectUris: ['https://web.example/cb'], scopes: ['openid', 'profile'] });

/** A public client (browser or native app) registered for openid. */
export const SPA_CLIENT: OAuthClient = registeredClient({ id: 'spa', kind: 'public', redirectUris: ['https://spa.example/cb'], scopes: ['openid'] });

/** A check's context: WEB_CLIENT under the default PKCE rule unless told otherwise. */
export function checkContext(parameters: AuthorizationParameters, overrides: Partial<AuthorizationCheckContext> = {}): AuthorizationCheckContext {
  return { client: WEB_CLIENT, parameters, pkce: 'default', pushed: false, par: 'default', ...overrides };
}

/** Runs one check on a draft (empty unless given) and returns what it wrote. */
export function runCheck(check: AuthorizationCheck, context: AuthorizationCheckContext, draft: AuthorizationDraft = {}): AuthorizationDraft {
  const written = { ...draft };
  check(context, written);
  return written;
}

/** The error a check throws; fails the test when it throws nothing. */
export function checkRefusal(check: AuthorizationCheck, context: AuthorizationCheckContext, draft: AuthorizationDraft = {}): unknown {
  try {
    check(context, { ...draft });
  } catch (error) {
    return error;
  }
  throw new Error('the check accepted the request');
}
