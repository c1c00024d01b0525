import { InvalidRequestError } from '../errors';
import { ACR_VALUES, isAcr } from './AuthenticationLevel';
import { clientMetadataOf, type ClientMetadataInput } from './ClientMetadata';
import { DEFAULT_GRANTS, GRANT_TYPES, isGrantType, SECRET_ONLY_GRANTS, type GrantType } from './GrantType';
import type { OAuthClient, OAuthClientKind } from './OAuthClient';
import { isAcceptableBackchannelLogoutUri, isAcceptableRedirectUri } from './RedirectUri';
import { isResourceIndicator } from './ResourceIndicator';
import { isScopeToken } from './ScopeToken';

/** What a registration names, unchecked: lists as given (repeats allowed, grants as text). */
export interface ClientRegistrationInput extends ClientMetadataInput {
  readonly kind: OAuthClientKind;
  readonly redirectUris: readonly string[];
  /** Empty: DEFAULT_GRANTS. */
  readonly grants: readonly string[];
  readonly scopes: readonly string[];
  readonly resources: readonly string[];
  readonly firstParty: boolean;
  readonly postLogoutRedirectUris: readonly string[];
  readonly requirePkce: boolean;
  /** The level every sign-in must reach (an ACR_VALUES URN); absent or empty: none. */
  readonly requireAcr?: string;
  /** Where logout tokens go (Back-Channel Logout); absent: none. */
  readonly backchannelLogoutUri?: string;
  readonly backchannelLogoutSessionRequired?: boolean;
}

/** A client's registration without its id: what `clients add` stores and `clients update` replaces. */
export type ClientRegistration = Omit<OAuthClient, 'id'>;

export const MAX_REDIRECT_URIS = 20;
export const MAX_SCOPES = 50;
export const MAX_RESOURCES = 20;

/**
 * Checks a registration and returns it with each list once per value, in the
 * order given (grants in GRANT_TYPES order). Throws InvalidRequestError naming
 * the first bad value: an unknown grant, a grant that needs a secret on a
 * public client, a code flow without a redirect URI, a redirect URI, scope or
 * resource of the wrong form, too many of one kind, or bad metadata (clientMetadataOf).
 */
export function clientRegistrationOf(input: ClientRegistrationInput): ClientRegistration {
  const grants = grantsOf(input.kind, input.grants);
  const redirectUris = checkedList(input.redirectUris, 'redirect URIs', MAX_REDIRECT_URIS, isAcceptableRedirectUri, (uri) =>
    `redirect URI ${JSON.stringify(uri)} must be absolute without a fragment: https, http on a loopback host, or a private-use scheme`,
  );
  if (grants.includes('authorization_code') && redirectUris.length === 0) {
    throw new InvalidRequestError('the authorization_code grant needs at least one redirect URI');
  }
  const scopes = checkedList(input.scopes, 'scopes', MAX_SCOPES, isScopeToken, (scope) =>
    `scope ${JSON.stringify(scope)} must be one scope token (RFC 6749 §3.3): printable ASCII without spaces, " or \\`,
  );
  const resources = checkedList(input.resources, 'resources', MAX_RESOURCES, isResourceIndicator, (resource) =>
    `resource ${JSON.stringify(resource)} must be an absolute URI without a fragment (RFC 8707 §2)`,
  );
  const postLogoutRedirectUris = checkedList(input.postLogoutRedirectUris, 'post-logout redirect URIs', MAX_REDIRECT_URIS, isAcceptableRedirectUri, (uri) =>
    `post-logout redirect URI ${JSON.stringify(uri)} must be absolute without a fragment: https, http on a loopback host, or a private-use scheme`,
  );
  const metadata = clientMetadataOf(input);
  return { kind: input.kind, redirectUris, grants, scopes, resources, firstParty: input.firstParty, postLogoutRedirectUris, requirePkce: input.requirePkce, ...requiredAcrOf(input.requireAcr), ...metadata, ...backchannelLogoutOf(input) };
}

/** `--require-acr`: one of the levels the service announces; empty clears it. */
function requiredAcrOf(value: string | undefined): Pick<ClientRegistration, 'requireAcr'> {
  if (value === undefined || value === '') return {};
  if (!isAcr(value)) throw new InvalidRequestError(`required acr ${JSON.stringify(value)} must be one of ${ACR_VALUES.join(', ')}`);
  return { requireAcr: value };
}

/** The back-channel logout URI with its `sid` requirement; the requirement alone means nothing and is refused. */
function backchannelLogoutOf(input: ClientRegistrationInput): Pick<ClientRegistration, 'backchannelLogoutUri' | 'backchannelLogoutSessionRequired'> {
  const uri = input.backchannelLogoutUri;
  if (uri === undefined) {
    if (input.backchannelLogoutSessionRequired === true) throw new InvalidRequestError('backchannel logout session required needs a back-channel logout URI');
    return {};
  }
  if (!isAcceptableBackchannelLogoutUri(uri)) {
    throw new InvalidRequestError(`back-channel logout URI ${JSON.stringify(uri)} must be absolute without a fragment: https, or http on a loopback host`);
  }
  return { backchannelLogoutUri: uri, backchannelLogoutSessionRequired: input.backchannelLogoutSessionRequired === true };
}

function grantsOf(kind: OAuthClientKind, named: readonly string[]): readonly GrantType[] {
  const unknown = named.find((grant) => !isGrantType(grant));
  if (unknown !== undefined) throw new InvalidRequestError(`unknown grant ${JSON.stringify(unknown)}: use ${GRANT_TYPES.join(', ')}`);
  if (named.length === 0) return DEFAULT_GRANTS;
  const secretOnly = kind === 'public' ? SECRET_ONLY_GRANTS.find((grant) => named.includes(grant)) : undefined;
  if (secretOnly !== undefined) throw new InvalidRequestError(`grant ${JSON.stringify(secretOnly)} needs a confidential client: a public client has no secret`);
  return GRANT_TYPES.filter((grant) => named.includes(grant));
}

function checkedList(values: readonly string[], what: string, max: number, acceptable: (value: string) => boolean, refusal: (value: string) => string): string[] {
  const once = [...new Set(values)];
  if (once.length > max) throw new InvalidRequestError(`at most ${max} ${what}`);
  const bad = once.find((value) => !acceptable(value));
  if (bad !== undefined) throw new InvalidRequestError(refusal(bad));
  return once;
}
