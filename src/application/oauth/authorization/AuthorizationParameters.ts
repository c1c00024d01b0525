import type { Acr } from '../../../domain/model/AuthenticationLevel';
import type { OAuthClient } from '../../../domain/model/OAuthClient';
import type { Prompt } from '../../../domain/model/Prompt';
import type { GrantedAccess } from '../../../domain/model/GrantedAccess';

/** The single-valued parameters of an authorization request the checks read (absent or empty: undefined). */
export type AuthorizationParameterName =
  | 'response_type'
  | 'client_id'
  | 'redirect_uri'
  | 'state'
  | 'scope'
  | 'code_challenge'
  | 'code_challenge_method'
  | 'nonce'
  | 'max_age'
  | 'acr_values'
  | 'prompt'
  | 'login_hint'
  | 'ui_locales'
  | 'response_mode'
  | 'request'
  | 'request_uri'
  | 'id_token_hint';

/** An authorization request as the HTTP layer read it: each parameter once, `resource` as a list. */
export type AuthorizationParameters = { readonly [name in AuthorizationParameterName]?: string } & {
  /** RFC 8707 `resource` values; undefined when none. */
  readonly resources?: readonly string[];
};

/** Whether every client must send PKCE (`AUTH_REQUIRE_PKCE=all`) or the default rule holds (checkPkce). */
export type PkceRequirement = 'all' | 'default';

/** Whether every client must push its authorization requests first (`AUTH_REQUIRE_PAR=all`) or only those registered `--require-par`. */
export type ParRequirement = 'all' | 'default';

/** What a check looks at: the trusted client, the parameters, how they came, and the service's rules. */
export interface AuthorizationCheckContext {
  readonly client: OAuthClient;
  readonly parameters: AuthorizationParameters;
  readonly pkce: PkceRequirement;
  /** The parameters were pushed (RFC 9126) by the authenticated client, not read from the front channel. */
  readonly pushed: boolean;
  readonly par: ParRequirement;
}

/** What the checks build up, in order: a later check may read what an earlier one wrote. */
export interface AuthorizationDraft {
  codeChallenge?: string;
  granted?: GrantedAccess;
  prompts?: readonly Prompt[];
  maxAge?: number;
  acr?: Acr;
  idTokenHintSubject?: string;
}

/** One rule of the authorization request: throws AuthorizationRequestError (or a scope error), or writes what it read into the draft. */
export type AuthorizationCheck = (context: AuthorizationCheckContext, draft: AuthorizationDraft) => void;
