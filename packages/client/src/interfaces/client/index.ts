/**
 * The client library: what a service imports (`auth-service/client`) to trust
 * the auth service's tokens. Importing it starts nothing and reads no
 * environment; `PublicKeyProvider.start()` (or `createTokenMiddleware(…).start()`)
 * makes the first key fetch and starts the refresh schedule.
 *
 * @packageDocumentation
 */
import 'reflect-metadata';

/** The client composition as an inversify ContainerModule: `container.load(clientModule(options))`. */
export { clientModule } from '../composition/modules/clientModule';
/** DI identifiers of the client library (shared symbols such as TokenVerifier and Clock included). */
export { CLIENT_TYPES } from '../composition/types';
/** The scheduled key provider: `start()`, `stop()`, `refresh()`, `state()`. */
export { PublicKeyProvider } from '../../application/PublicKeyProvider';
/** What `refresh()` did, what `state()` shows. */
export type { PublicKeyProviderState, RefreshOutcome, RefreshResult } from '../../application/PublicKeyProvider';
/** The library options and their defaults; `resolveClientOptions` checks them like `clientModule` does. */
export { CLIENT_DEFAULTS, resolveClientOptions } from '../../infrastructure/config/ClientOptions';
export type { ClientOptions, ResolvedClientOptions } from '../../infrastructure/config/ClientOptions';
/** Thrown for bad options; `problems` lists each one. */
export { ConfigError } from '../../infrastructure/config/ConfigError';
/** The token check of the inversify composition (bound as CLIENT_TYPES.TokenInterceptor). */
export { TokenInterceptor } from '../http/TokenInterceptor';
/** Marks a controller class or handler as reachable without a token. */
export { skipToken } from '../http/skipToken';
/** Handler parameter decorator: the request's principal; its `details` is the CurrentUserDetails. */
export { currentUser, currentUserOf } from '../http/currentUser';
/** Builds an inversify-express-utils app with the token check, the envelope error mapper and 404s, like the auth service's. */
export { createHttpApp, createHttpServer } from '../http/createHttpApp';
export type { HttpAppOptions } from '../http/createHttpApp';
/** Spring-style `/actuator` router, and the key provider's health component for it. */
export { actuatorRouter } from '../http/actuator';
export type { HealthIndicator } from '../http/actuator';
export { publicKeyHealth } from '../http/clientHealth';
/** The revocation feed's health component (its age, entries, DOWN once too stale). */
export { revocationFeedHealth } from '../http/revocationFeedHealth';
/** The client's copy of the revocation feed (bound as CLIENT_TYPES.RevocationFeedProvider): `refresh()`, `state()`. */
export { RevocationFeedProvider } from '../../application/RevocationFeedProvider';
export type { FeedOutcome, RevocationFeedState } from '../../application/RevocationFeedProvider';
/** The response envelope `{ success, status, msg, data }` and its messages. */
export { ok, failure } from '../http/envelope';
export type { ServerResponse } from '../http/envelope';
export { MESSAGES } from '../http/messages';
/** The current user as handlers see it. */
export type { CurrentUserDetails } from '../../domain/model/CurrentUserDetails';
/** The token check for apps without inversify. */
export { createTokenMiddleware } from './createTokenMiddleware';
export type { TokenMiddleware, TokenMiddlewareOptions } from './createTokenMiddleware';
