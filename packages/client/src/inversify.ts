/**
 * `@auth-service/client/inversify`: the client as an inversify composition for
 * inversify-express-utils apps. Needs the optional peers inversify,
 * inversify-express-utils and reflect-metadata (loaded here, not by the root entry).
 *
 * @packageDocumentation
 */
import 'reflect-metadata';

/** `container.load(clientModule(options))`: the key provider, verifier, GetCurrentUser and TokenInterceptor. */
export { clientModule } from './interfaces/composition/modules/clientModule';
export type { ClientModuleOptions } from './interfaces/composition/modules/clientModule';
/** DI identifiers of the client (global symbols, so a host's own identifiers for Clock, Logger, … agree). */
export { CLIENT_TYPES } from './interfaces/composition/types';
/** What `CLIENT_TYPES.GetCurrentUser` is bound to by a host that builds its own verifier (buildTokenVerifier) instead of loading clientModule. */
export { GetCurrentUser } from './application/GetCurrentUser';
/** The DPoP proof check such a host passes as GetCurrentUser's fourth argument (without it, DPoP-bound tokens are refused). */
export { dpopProofCheck } from './interfaces/composition/dpopProofCheck';
/** The token check (bound as CLIENT_TYPES.TokenInterceptor). */
export { TokenInterceptor } from './interfaces/http/TokenInterceptor';
/** Marks a controller class or handler as reachable without a token. */
export { skipToken, isTokenSkipped } from './interfaces/http/skipToken';
/** Handler parameter decorator: the request's principal; its `details` is the CurrentUserDetails. */
export { currentUser, currentUserOf, setCurrentUser, TokenPrincipal, TokenPrincipalProvider } from './interfaces/http/currentUser';
/** Labels each request with its controller route's access (open or protected), for the TokenInterceptor. */
export { routeAccessRouter, routeAccessOf, routePatternOf } from './interfaces/http/routeAccess';
export type { RouteAccess } from './interfaces/http/routeAccess';
