import { KeyMaterialInvalidError } from '../domain/errors';
import type { SignMethod } from '../domain/model/SignMethod';
import type { VerificationKey } from '../domain/model/VerificationKey';
import type { Clock } from '../domain/ports/Clock';
import type { IssuerSource } from '../domain/ports/IssuerSource';
import type { JsonWebKeySetSource } from '../domain/ports/JsonWebKeySetSource';
import type { Logger } from '../domain/ports/Logger';
import type { PublicKeySource } from '../domain/ports/PublicKeySource';
import type { Scheduler } from '../domain/ports/Scheduler';
import type { VerificationKeyListSource } from '../domain/ports/VerificationKeyListSource';
import type { VerificationKeyReader } from '../domain/ports/VerificationKeyReader';
import type { VerificationKeySource } from '../domain/ports/VerificationKeySource';
import { CooldownGate } from './CooldownGate';
import { LearnedIssuer } from './LearnedIssuer';
import type { PublicKeyProviderState, RefreshOutcome, RefreshResult } from './PublicKeyProviderState';
import { VerificationKeyFetcher } from './VerificationKeyFetcher';
import { VerificationKeySet } from './VerificationKeySet';

export type { PublicKeyProviderState, RefreshOutcome, RefreshResult } from './PublicKeyProviderState';

export interface PublicKeyProviderOptions {
  /** The sign method this client trusts; it fixes the accepted key type. */
  readonly method: SignMethod;
  /** The most a token may use; narrowed further by each key's real type. */
  readonly algorithms: readonly string[];
  /** Least time between two refetches caused by tokens with unknown kids. Default 30. */
  readonly unknownKidCooldownSeconds?: number;
  /** How long the last good keys are used while the key server cannot be reached. Default 86400. */
  readonly maxStaleSeconds?: number;
  /** The expected `iss`; unset, it is learned from the auth service's discovery document. */
  readonly issuer?: string;
  /** Told the outcome of every fetch (metrics). */
  readonly onRefresh?: (outcome: RefreshOutcome) => void;
}

type Phase = 'startup' | 'refresh';

/**
 * A client's copy of the auth service's verification keys, fetched at startup
 * and on a schedule (the key state table): a good answer replaces the keys,
 * `success: false` and errors keep them. When the auth service publishes a JWKS
 * (or, for hmac, its authenticated key list) the client holds that set by kid
 * (so a rotation's next key is known before it signs); otherwise the seed's
 * one-key endpoint. One fetch is in flight at a
 * time; callers arriving meanwhile share it. Keys are immutable objects, kept
 * as long as their material is unchanged, so verifiers cache by identity.
 */
export class PublicKeyProvider implements VerificationKeySource {
  private keys = VerificationKeySet.EMPTY;
  private inFlight: Promise<RefreshResult> | null = null;
  private lastSuccessAt: Date | null = null;
  private lastAttemptAt: Date | null = null;
  private lastOutcome: RefreshOutcome | null = null;
  private lastError: string | null = null;
  private lastErrorAt: Date | null = null;
  /** Why the last answer's key was refused (wrong type for the method); cleared by a good answer. */
  private keyRefusal: string | null = null;
  private readonly unknownKidRefetch: CooldownGate;
  private readonly issuer: LearnedIssuer;
  private readonly fetcher: VerificationKeyFetcher;

  constructor(
    source: PublicKeySource,
    reader: VerificationKeyReader,
    private readonly scheduler: Scheduler,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: PublicKeyProviderOptions,
    keySets?: JsonWebKeySetSource,
    more: { readonly issuers?: IssuerSource; readonly keyLists?: VerificationKeyListSource } = {},
  ) {
    this.unknownKidRefetch = new CooldownGate(clock, (options.unknownKidCooldownSeconds ?? 30) * 1000);
    this.issuer = new LearnedIssuer(options.issuer, more.issuers);
    this.fetcher = new VerificationKeyFetcher({ seed: source, keySets, keyLists: more.keyLists }, reader, options.method, options.algorithms);
  }

  /**
   * Starts the schedule and makes the first fetch, and waits for what the
   * schedule starts beside it (the revocation feed's first fetch, in parallel):
   * a client that has started has asked for its revocations, so a revoked token
   * is not accepted in the moments before the first answer. Never rejects:
   * without a key the service still comes up (protected paths answer 503) and
   * the next scheduled refresh retries.
   */
  async start(): Promise<RefreshResult> {
    const alongside = this.scheduler.start(() => this.refresh());
    const result = await this.run('startup');
    await alongside;
    return result;
  }

  /** Stops the schedule; a fetch in flight ends on its own timeout. */
  async stop(): Promise<void> {
    await this.scheduler.stop();
  }

  /** Fetches now, or joins the fetch already in flight. Never rejects. */
  refresh(): Promise<RefreshResult> {
    // Stryker disable next-line StringLiteral: equivalent, only the phase 'startup' changes what is logged
    return this.run('refresh');
  }

  /** The `iss` tokens must carry; null while not configured and not yet learned (tokens are then refused). */
  expectedIssuer(): string | null {
    return this.issuer.expected();
  }

  keyFor(kid: string | undefined): VerificationKey | undefined {
    return this.isFresh() ? this.keys.keyFor(kid) : undefined;
  }

  hasAnyKey(): boolean {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, keys are held only after a good answer, and before one isFresh() is false
    return this.keys.size > 0 && this.isFresh();
  }

  /**
   * A token named a kid we do not hold: refetch at most once per cooldown,
   * shared by every caller (a flood of random kids costs one fetch), and say
   * whether the kid is known now.
   */
  async refreshForUnknownKid(kid: string): Promise<boolean> {
    if (this.keyFor(kid)) return true;
    return (await this.unknownKidRefetch.pass(() => this.refresh())) && this.keyFor(kid) !== undefined;
  }

  /**
   * Why no key is held when the auth service did answer, with a key this client
   * must not use (an rsa/ec public key in hmac mode, a secret in rsa mode, …):
   * a configuration error, so tokens are refused as invalid (401), not deferred.
   */
  keyRefused(): string | null {
    return this.keys.size === 0 ? this.keyRefusal : null;
  }

  state(): PublicKeyProviderState {
    const held = this.keys.size > 0;
    return {
      hasKey: this.hasAnyKey(),
      keyRefused: this.keyRefused(),
      issuer: this.issuer.expected(),
      kid: held ? (this.keys.primary?.kid ?? null) : null,
      kids: this.keys.kids(),
      source: held ? this.keys.origin : null,
      stale: held && !this.isFresh(),
      method: this.options.method,
      algorithms: this.keys.primary?.algorithms ?? this.options.algorithms,
      lastSuccessAt: this.lastSuccessAt,
      lastAttemptAt: this.lastAttemptAt,
      lastOutcome: this.lastOutcome,
      lastError: this.lastError,
      lastErrorAt: this.lastErrorAt,
      nextRefreshAt: this.scheduler.nextRunAt(),
      unknownKidRefetches: this.unknownKidRefetch.runs,
    };
  }

  private isFresh(): boolean {
    // Stryker disable next-line BooleanLiteral: equivalent, before the first good answer no key is held, so freshness decides nothing
    if (this.lastSuccessAt === null) return false;
    const maxStaleMs = (this.options.maxStaleSeconds ?? 86_400) * 1000;
    return this.clock.now().getTime() - this.lastSuccessAt.getTime() <= maxStaleMs;
  }

  private run(phase: Phase): Promise<RefreshResult> {
    if (!this.inFlight) {
      this.inFlight = this.attempt(phase).finally(() => {
        this.inFlight = null;
      });
    }
    return this.inFlight;
  }

  private async attempt(phase: Phase): Promise<RefreshResult> {
    this.lastAttemptAt = this.clock.now();
    const previousRefusal = this.keyRefusal;
    let outcome: RefreshOutcome;
    try {
      const next = await this.fetcher.fetch(this.keys);
      outcome = next === 'refused' ? 'refused' : this.apply(next);
    } catch (error) {
      outcome = error instanceof KeyMaterialInvalidError ? 'rejected' : 'failed';
      this.recordError(error);
      if (outcome === 'rejected') this.keyRefusal = this.lastError;
    }
    if (outcome === 'replaced' || outcome === 'unchanged') {
      this.keyRefusal = null;
      await this.learnIssuer();
    }
    this.lastOutcome = outcome;
    if (outcome === 'replaced' || outcome === 'unchanged') this.lastSuccessAt = this.clock.now();
    this.report(phase, outcome, previousRefusal);
    this.options.onRefresh?.(outcome);
    return { outcome, kid: this.keys.primary?.kid ?? null };
  }

  private apply(next: VerificationKeySet): RefreshOutcome {
    if (next === this.keys) return 'unchanged';
    const previousKid = this.keys.primary?.kid ?? null;
    const previousKids = this.keys.kids();
    this.keys = next;
    // Stryker disable next-line OptionalChaining: equivalent, a set from the one-key endpoint always has its key as primary
    if (next.origin === 'key' && previousKid !== next.primary?.kid) {
      // Stryker disable next-line OptionalChaining: equivalent, a set from the one-key endpoint always has its key as primary
      this.logger.info({ kid: next.primary?.kid ?? null, previousKid }, 'verification key updated');
    } else if (next.origin !== 'key') {
      this.logger.info({ kids: next.kids(), previousKids }, 'verification key set updated');
    }
    return 'replaced';
  }

  /** With the first good keys: the issuer, unless configured (a failure is retried with the next refresh). */
  private async learnIssuer(): Promise<void> {
    if (!this.issuer.pending) return;
    try {
      await this.issuer.learn();
      this.logger.info({ issuer: this.issuer.expected() }, 'issuer learned from the auth service');
    } catch (error) {
      this.recordError(error);
      this.logger.warn({ error: this.lastError }, 'the issuer is not known yet; tokens are refused until it is');
    }
  }

  private recordError(error: unknown): void {
    this.lastError = error instanceof Error ? error.message : String(error);
    this.lastErrorAt = this.clock.now();
  }

  private report(phase: Phase, outcome: RefreshOutcome, previousRefusal: string | null): void {
    const kid = this.keys.primary?.kid ?? null;
    if (outcome === 'replaced' || outcome === 'unchanged') {
      this.logger.debug({ kid, outcome }, 'verification key refreshed');
      return;
    }
    if (this.keys.size === 0 && outcome === 'rejected') {
      // One line per reason, not one per scheduled refresh: the cause is configuration, not the network.
      if (this.keyRefusal === previousRefusal) return;
      this.logger.error(
        { error: this.keyRefusal, method: this.options.method },
        'the auth service key does not fit this client sign method; every token is refused until it does',
      );
      return;
    }
    const error = outcome === 'refused' ? 'the key endpoint answered success false' : this.lastError;
    if (phase === 'startup' && this.keys.size === 0) {
      this.logger.error(
        { error, nextRefreshAt: this.scheduler.nextRunAt()?.toISOString() ?? null },
        'no verification key at startup; a retry follows at the next scheduled refresh',
      );
    } else if (outcome === 'refused') {
      this.logger.warn({ kid }, 'the key endpoint answered success false; keeping the current key');
    } else {
      this.logger.error({ error, kid }, 'verification key refresh failed; keeping the current key');
    }
  }
}
