/**
 * `@auth-service/client`: verify the auth service's tokens in your own service.
 * Framework-free; loads neither express nor inversify (those are in the
 * `@auth-service/client/inversify` subpath). Importing it starts nothing and
 * reads no environment: `start()` makes the first key fetch and starts the schedule.
 *
 * @packageDocumentation
 */

/** Token errors: one class per condition, each with a stable `code` (jose's style). */
export * from './domain/errors';
/** Shared model: claims, sign methods, the current user, revocation lists, verification keys. */
export * from './domain/model/ClientTokenClaims';
export * from './domain/model/CurrentUserDetails';
export * from './domain/model/RevocationList';
export * from './domain/model/SignMethod';
export type * from './domain/model/TokenClaims';
export type * from './domain/model/VerificationKey';
/** Ports a host implements or substitutes (clock, logger, key and feed sources, schedules). */
export type * from './domain/ports/AccessTokenVerifier';
export type * from './domain/ports/Clock';
export type * from './domain/ports/IssuerSource';
export type * from './domain/ports/JsonWebKeySetSource';
export type * from './domain/ports/Logger';
export type * from './domain/ports/PublicKeySource';
export type * from './domain/ports/RevocationFeedSource';
export type * from './domain/ports/RevocationSource';
export type * from './domain/ports/Scheduler';
export type * from './domain/ports/TokenVerifier';
export type * from './domain/ports/VerificationKeyListSource';
export type * from './domain/ports/VerificationKeyReader';
export type * from './domain/ports/VerificationKeySource';
/** The verification core: key provider (schedule, cooldown, staleness, single flight), revocation feed, current user. */
export * from './application/AlongsideScheduler';
export * from './application/CooldownGate';
export * from './application/GetCurrentUser';
export * from './application/LearnedIssuer';
export * from './application/PublicKeyProvider';
export * from './application/RevocationCheckingVerifier';
export * from './application/RevocationFeedProvider';
export * from './application/VerificationKeyFetcher';
export * from './application/VerificationKeySet';
export * from './application/verifiedAfterKeyRefresh';
/** Options (checked by hand: one ConfigError naming every problem). */
export * from './infrastructure/config/ClientOptions';
export * from './infrastructure/config/ConfigError';
/** Adapters: jsonwebtoken verification with a verified-token cache, key parsing and encoding, HTTP sources, cron, clock, loggers. */
export * from './infrastructure/crypto/CachingTokenVerifier';
export * from './infrastructure/crypto/JsonWebTokenVerifier';
export * from './infrastructure/crypto/NodeVerificationKeyReader';
export * from './infrastructure/crypto/ParsedKeyCache';
export * from './infrastructure/crypto/algorithms';
export * from './infrastructure/crypto/keyEncoding';
export * from './infrastructure/http/HttpIssuerSource';
export * from './infrastructure/http/HttpJsonWebKeySetSource';
export * from './infrastructure/http/HttpPublicKeySource';
export * from './infrastructure/http/HttpRevocationFeedSource';
export * from './infrastructure/http/HttpVerificationKeyListSource';
export * from './infrastructure/http/boundedGet';
export * from './infrastructure/logging/consoleLogger';
export * from './infrastructure/scheduling/CronRefreshScheduler';
export * from './infrastructure/system/SystemClock';
/** Ant-style pass-list patterns. */
export * from './interfaces/http/antPattern';
/** Plain express: the token middleware and the verified user of a response. */
export * from './interfaces/express/currentUserOf';
export * from './interfaces/client/createTokenMiddleware';
export * from './interfaces/express/tokenErrorAnswer';
/** The framework-free verifier (start, stop, verify, health) and the one assembly behind every way in. */
export * from './interfaces/verifier/createVerifier';
export * from './interfaces/verifier/checkBearer';
export * from './interfaces/composition/assembleVerifierStack';
export * from './interfaces/composition/buildTokenVerifier';
/** The client's DI identifiers, also here: plain global symbols, no inversify needed to read them. */
export * from './interfaces/composition/types';
export * from './application/RevocationCheckingAccessTokenVerifier';
