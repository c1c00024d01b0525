/**
 * `@auth-service/client`: verify the auth service's tokens in your own service.
 * Framework-free; loads neither express nor inversify (those are in the
 * `@auth-service/client/inversify` subpath). Importing it starts nothing and
 * reads no environment: `start()` makes the first key fetch and starts the schedule.
 *
 * Every name is listed here on purpose (jose's style): what is not exported is
 * the library's own plumbing and may change in any release.
 *
 * @packageDocumentation
 */

/** The framework-free verifier: start, stop, verify, health. */
export { createVerifier } from './interfaces/verifier/createVerifier';
export type { CreateVerifierOptions, VerifiableRequest, Verifier, VerifierHealth } from './interfaces/verifier/createVerifier';

/** Plain express (4 or 5): the token middleware, the verified user and token of a response, the scopes a route requires. */
export { createTokenMiddleware } from './interfaces/client/createTokenMiddleware';
export type { TokenMiddleware, TokenMiddlewareOptions } from './interfaces/client/createTokenMiddleware';
export { currentUserOf } from './interfaces/express/currentUserOf';
export { tokenOf } from './interfaces/express/tokenOf';
export { requireScopes } from './interfaces/express/requireScopes';
/** Step-up (RFC 9470): the authentication level (`acr`) and age (`auth_time`) a route requires, as middleware or a plain check. */
export { requireAcr } from './interfaces/express/requireAcr';
export { checkAcr } from './interfaces/verifier/checkAcr';
export type { AcrOptions } from './interfaces/verifier/checkAcr';
export { ACR_LEVELS } from './domain/model/AuthenticationLevel';
/** Any other framework: the status, body and headers a token error is answered with. */
export { tokenErrorAnswer } from './interfaces/express/tokenErrorAnswer';
export type { TokenErrorAnswer } from './interfaces/express/tokenErrorAnswer';
/** The token of an `Authorization: Bearer …` header (RFC 6750 §2.1), or null. */
export { bearerToken } from './application/GetCurrentUser';

/** The same checks over keys a host holds itself (its own key ring, a fixed key set), without fetching anything. */
export { buildTokenVerifier } from './interfaces/composition/buildTokenVerifier';
export type { KeyHolderVerifier, TokenVerifierSettings } from './interfaces/composition/buildTokenVerifier';
/** A revocation list a host keeps itself (behind its own RevocationSource). */
export { RevocationList } from './domain/model/RevocationList';
export type { ClientRevocation, RevocationEntries, SubjectRevocation, TokenRevocation } from './domain/model/RevocationList';

/** Token errors: one class per condition, each with a stable `code` (jose's style). */
export {
  DomainError,
  DpopBindingError,
  DpopProofInvalidError,
  InsufficientUserAuthenticationError,
  KeyFetchError,
  KeyMaterialInvalidError,
  KeyUnavailableError,
  RevocationStaleError,
  TokenExpiredError,
  TokenInvalidError,
  TokenMissingError,
  TokenRevokedError,
  UnknownKeyIdError,
  VerificationUnavailableError,
  isUnavailable,
} from './domain/errors';

/** Options: the defaults, and the check a host reading them from its own configuration names its settings in. */
export { CLIENT_DEFAULTS, checkClientOptions } from './infrastructure/config/ClientOptions';
export type { ClientOptions, OptionNames, ResolvedClientOptions } from './infrastructure/config/ClientOptions';
export { ConfigError } from './infrastructure/config/ConfigError';
/** Sign methods and the algorithms each allows (the `signMethod` and `algorithms` options). */
export { ALGORITHMS_BY_METHOD, SIGN_METHODS } from './domain/model/SignMethod';
export type { SignMethod } from './domain/model/SignMethod';
/** RFC 7638 thumbprint of a key: the `kid` the auth service gives a key it publishes without one. */
export { jwkThumbprint } from './infrastructure/crypto/keyEncoding';

/** Claims and the current user. */
export type { TokenClaims } from './domain/model/TokenClaims';
export type { AccessTokenClaims, ClientTokenClaims } from './domain/model/ClientTokenClaims';
export type { CurrentUserDetails } from './domain/model/CurrentUserDetails';
export type { VerifiedToken } from './domain/model/VerifiedToken';
export type { VerificationKey } from './domain/model/VerificationKey';

/** Ports a host implements or substitutes (clock, logger, key and feed sources, schedules). */
export type { AccessTokenVerifier } from './domain/ports/AccessTokenVerifier';
export type { Clock } from './domain/ports/Clock';
export type { IssuerSource } from './domain/ports/IssuerSource';
export type { JsonWebKeySetResponse, JsonWebKeySetSource } from './domain/ports/JsonWebKeySetSource';
export type { Logger } from './domain/ports/Logger';
export type { PublicKeyResponse, PublicKeySource } from './domain/ports/PublicKeySource';
export type { RevocationFeedAnswer, RevocationFeedSource } from './domain/ports/RevocationFeedSource';
export type { RevocationSource } from './domain/ports/RevocationSource';
export type { Scheduler } from './domain/ports/Scheduler';
export type { TokenVerifier } from './domain/ports/TokenVerifier';
export type { ListedKey, VerificationKeyListResponse, VerificationKeyListSource } from './domain/ports/VerificationKeyListSource';
export type { VerificationKeySource } from './domain/ports/VerificationKeySource';

/** What `health()`, `onRefresh` and `onRevocationFeedFetch` report. */
export type { PublicKeyProvider } from './application/PublicKeyProvider';
export type { PublicKeyProviderState, RefreshOutcome, RefreshResult } from './application/PublicKeyProviderState';
export type { FeedOutcome, RevocationFeedProvider, RevocationFeedState } from './application/RevocationFeedProvider';
export type { VerifierSources, VerifierStack } from './interfaces/composition/assembleVerifierStack';
