import { InvalidScopeError, InvalidTargetError } from '../grantErrors';
import { STANDARD_OPENID_SCOPES } from './OpenIdScope';

/** What a token is for: the scopes granted (RFC 6749 §3.3) and the resources it is meant for (RFC 8707, its `aud`). */
export interface GrantedAccess {
  readonly scopes: readonly string[];
  readonly resources: readonly string[];
}

/** What a request asked for; a list left out asks for everything allowed. */
export interface RequestedAccess {
  readonly scopes?: readonly string[];
  readonly resources?: readonly string[];
}

/** Scopes a registration names that the service cannot grant as it runs, each with the reason a request for it is refused with. */
export interface WithheldScopes {
  readonly withheldScopes?: ReadonlyMap<string, string>;
}

/** A grant of nothing in particular: a client registered without scopes or resources, a token issued to no client. */
export const NO_PARTICULAR_ACCESS: GrantedAccess = Object.freeze({ scopes: Object.freeze([]), resources: Object.freeze([]) });

/**
 * The access granted for a request within what is allowed: the client's
 * registration at the authorization endpoint, client_credentials and password,
 * or the original grant when a refresh or a code exchange narrows it (RFC 6749
 * §6: never wider). Nothing asked → everything allowed; anything asked beyond
 * it → InvalidScopeError or InvalidTargetError naming the first such value
 * (a withheld scope's error says why it is withheld), except the standard
 * OpenID Connect scopes (`profile`, `email`, …), which are left out of the grant.
 * Values are compared exactly and kept as registered (no normalisation).
 */
export function accessWithin(allowed: GrantedAccess & WithheldScopes, requested: RequestedAccess): GrantedAccess {
  return {
    scopes: subsetOf(allowed.scopes, withoutUnallowedStandard(allowed.scopes, requested.scopes), (scope) => new InvalidScopeError(scope, allowed.withheldScopes?.get(scope))),
    resources: subsetOf(allowed.resources, requested.resources, (resource) => new InvalidTargetError(resource)),
  };
}

/** A standard OpenID scope beyond what is allowed is dropped (OIDC Core §5.4: the provider decides which claims it releases). */
function withoutUnallowedStandard(allowed: readonly string[], requested: readonly string[] | undefined): readonly string[] | undefined {
  return requested?.filter((scope) => allowed.includes(scope) || !STANDARD_OPENID_SCOPES.includes(scope));
}

function subsetOf(allowed: readonly string[], requested: readonly string[] | undefined, refusal: (value: string) => Error): readonly string[] {
  if (requested === undefined) return allowed;
  const refused = requested.find((value) => !allowed.includes(value));
  if (refused !== undefined) throw refusal(refused);
  // Asked twice, granted once (a scope list is a set, RFC 6749 §3.3).
  return [...new Set(requested)];
}

/**
 * An earlier grant (a code's, a refresh family's) as the client's registration
 * allows it now: what `clients update` took away is no longer issued, silently
 * (the stored grant is kept; what is minted is the intersection). A grant that
 * had scopes and keeps none is InvalidScopeError: a token of no scope would
 * be one the client was never granted. Resources narrow alone: a token with
 * none left is meant for the client itself (its `aud`), which is narrower still.
 */
export function accessStillRegistered(granted: GrantedAccess, registration: GrantedAccess): GrantedAccess {
  const scopes = granted.scopes.filter((scope) => registration.scopes.includes(scope));
  if (scopes.length === 0 && granted.scopes.length > 0) throw new InvalidScopeError(granted.scopes[0], 'none of the scopes granted is still registered for the client');
  return { scopes, resources: granted.resources.filter((resource) => registration.resources.includes(resource)) };
}
