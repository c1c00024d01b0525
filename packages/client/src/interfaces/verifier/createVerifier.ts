import type { PublicKeyProvider, PublicKeyProviderState, RefreshOutcome, RefreshResult } from '../../application/PublicKeyProvider';
import type { FeedOutcome, RevocationFeedProvider, RevocationFeedState } from '../../application/RevocationFeedProvider';
import type { CurrentUserDetails } from '../../domain/model/CurrentUserDetails';
import type { VerifiedToken } from '../../domain/model/VerifiedToken';
import type { Clock } from '../../domain/ports/Clock';
import type { Logger } from '../../domain/ports/Logger';
import type { Scheduler } from '../../domain/ports/Scheduler';
import { resolveClientOptions, type ClientOptions, type ResolvedClientOptions } from '../../infrastructure/config/ClientOptions';
import { consoleLogger } from '../../infrastructure/logging/consoleLogger';
import { SystemClock } from '../../infrastructure/system/SystemClock';
import { assembleVerifierStack, type VerifierSources, type VerifierStack } from '../composition/assembleVerifierStack';
import { checkBearer } from './checkBearer';

/** Client options, plus what a host may substitute: logger, clock, schedule, key sources (the test kit gives these). */
export interface CreateVerifierOptions extends ClientOptions {
  /** Default: warnings and errors on the console. pino's logger fits as is. */
  readonly logger?: Logger;
  readonly clock?: Clock;
  /** The refresh schedule; default: `refreshCron`. */
  readonly scheduler?: Scheduler;
  /** Where keys, issuer and revocations come from; default: the auth service at `authServerUrl`. */
  readonly sources?: Partial<VerifierSources>;
  /** Told the outcome of every key fetch (metrics). */
  readonly onRefresh?: (outcome: RefreshOutcome) => void;
  /** Told the outcome of every revocation feed fetch (metrics). */
  readonly onRevocationFeedFetch?: (outcome: FeedOutcome) => void;
}

/**
 * A request as the framework-free check takes it: the `Authorization` header, and for a DPoP-bound token
 * its `DPoP` proof header, method and URL as this service sees it (scheme, host, path; query ignored).
 */
export interface VerifiableRequest {
  readonly authorization: string | undefined;
  readonly dpop?: string | readonly string[];
  readonly method: string;
  readonly url: string;
}

/** What `health()` reports: DOWN while tokens cannot be decided (no fresh key, revocation feed too stale). */
export interface VerifierHealth {
  readonly status: 'UP' | 'DOWN';
  readonly keys: PublicKeyProviderState;
  readonly revocationFeed: RevocationFeedState;
}

/** The framework-free verifier. */
export interface Verifier {
  /** First key and revocation-feed fetches (in parallel) plus the refresh schedule; never rejects, even when the auth service is down. */
  start(): Promise<RefreshResult>;
  /** Stops the refresh schedule. */
  stop(): Promise<void>;
  /**
   * The current user of an `Authorization` header (`Bearer …`) or of a bare
   * token. Rejects with a token error: TokenMissingError, TokenExpiredError,
   * TokenInvalidError (UnknownKeyIdError, TokenRevokedError), or a
   * VerificationUnavailableError such as KeyUnavailableError ("cannot decide
   * now": answer 503 with Retry-After). Every error has a stable `code`.
   */
  verify(authorizationHeaderOrToken: string | undefined): Promise<CurrentUserDetails>;
  /**
   * The same check, resolving to the whole verified token: `kind` (`user` or `client`), `user` (what
   * `verify` resolves to), `subject`, `clientId`, `scopes`, `audience` and the `claims`. Same errors.
   */
  verifyToken(authorizationHeaderOrToken: string | undefined): Promise<VerifiedToken>;
  /**
   * The check of a whole request, which DPoP-bound tokens need (`verify` and `verifyToken` refuse them, having
   * no proof to check): `Bearer <token>`, or `DPoP <token>` with a valid `DPoP` proof for this method, URL
   * and token (RFC 9449). Same errors, plus DpopProofInvalidError and DpopBindingError.
   */
  verifyRequest(request: VerifiableRequest): Promise<VerifiedToken>;
  health(): VerifierHealth;
  readonly options: ResolvedClientOptions;
  readonly provider: PublicKeyProvider;
  readonly revocationFeed: RevocationFeedProvider;
  /** The assembled parts, for the express middleware and the inversify module. */
  readonly stack: VerifierStack;
}

/**
 * Verifies the auth service's tokens without any framework: keys fetched and
 * refreshed on a schedule, pinned algorithms, claim checks, verified-token
 * cache, revocation feed. Fetches nothing until `start()`.
 *
 * @throws ConfigError naming every bad option.
 */
export function createVerifier(options: CreateVerifierOptions): Verifier {
  const stack = assembleVerifierStack(resolveClientOptions(options), {
    clock: options.clock ?? new SystemClock(),
    logger: options.logger ?? consoleLogger(),
    scheduler: options.scheduler,
    sources: options.sources,
    onRefresh: options.onRefresh,
    onRevocationFeedFetch: options.onRevocationFeedFetch,
  });
  const { provider, revocationFeed } = stack;
  return {
    start: () => provider.start(),
    stop: () => provider.stop(),
    async verify(authorizationHeaderOrToken) {
      return (await checkBearer(stack.getCurrentUser, asAuthorizationHeader(authorizationHeaderOrToken))).user;
    },
    async verifyToken(authorizationHeaderOrToken) {
      return checkBearer(stack.getCurrentUser, asAuthorizationHeader(authorizationHeaderOrToken));
    },
    async verifyRequest(request) {
      return checkBearer(stack.getCurrentUser, request.authorization, { method: request.method, url: request.url, dpop: request.dpop });
    },
    health() {
      const keys = provider.state();
      const feed = revocationFeed.state();
      return { status: provider.hasAnyKey() && !feed.stale ? 'UP' : 'DOWN', keys, revocationFeed: feed };
    },
    options: stack.options,
    provider,
    revocationFeed,
    stack,
  };
}

/** A bare token becomes a Bearer header; a header (any scheme) is passed as is, so a wrong scheme is refused. */
function asAuthorizationHeader(value: string | undefined): string | undefined {
  // Stryker disable next-line ConditionalExpression,MethodExpression,StringLiteral: equivalent, a blank value made `Bearer   ` is still no bearer token to bearerToken()
  if (value === undefined || value.trim() === '') return undefined;
  // Stryker disable next-line Regex: equivalent, the trimmed value starts with a non-blank, so any match of \S+\s also matches from its start
  return /^\S+\s/.test(value.trim()) ? value : `Bearer ${value}`;
}
