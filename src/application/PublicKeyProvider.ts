import { KeyFetchError, KeyMaterialInvalidError } from '../domain/errors';
import type { SignMethod } from '../domain/model/SignMethod';
import type { VerificationKey } from '../domain/model/VerificationKey';
import type { Clock } from '../domain/ports/Clock';
import type { Logger } from '../domain/ports/Logger';
import type { PublicKeySource } from '../domain/ports/PublicKeySource';
import type { Scheduler } from '../domain/ports/Scheduler';
import type { VerificationKeyReader } from '../domain/ports/VerificationKeyReader';
import type { VerificationKeySource } from '../domain/ports/VerificationKeySource';

/**
 * What one fetch did: `replaced` a new key is held; `unchanged` the same key
 * came back; `refused` the endpoint answered `success: false`; `rejected` it sent
 * key text that cannot verify our tokens; `failed` there was no usable answer.
 * Only `replaced` changes the key.
 */
export type RefreshOutcome = 'replaced' | 'unchanged' | 'refused' | 'rejected' | 'failed';

export interface RefreshResult {
  readonly outcome: RefreshOutcome;
  /** The kid held after the fetch (null while no key was ever obtained). */
  readonly kid: string | null;
}

/** A snapshot for health checks and operators; never contains key material. */
export interface PublicKeyProviderState {
  readonly hasKey: boolean;
  readonly kid: string | null;
  readonly method: SignMethod;
  readonly algorithms: readonly string[];
  readonly lastSuccessAt: Date | null;
  readonly lastAttemptAt: Date | null;
  readonly lastOutcome: RefreshOutcome | null;
  readonly lastError: string | null;
  readonly lastErrorAt: Date | null;
  readonly nextRefreshAt: Date | null;
}

export interface PublicKeyProviderOptions {
  /** The sign method this client trusts; it fixes the accepted key type. */
  readonly method: SignMethod;
  /** The most a token may use; narrowed further by the fetched key's real type. */
  readonly algorithms: readonly string[];
}

type Phase = 'startup' | 'refresh';

/**
 * A client's copy of the auth service's verification key, fetched at startup
 * and on a schedule (the seed's state table): `success: true` replaces the key,
 * `success: false` and errors keep it. One fetch is in flight at a time; callers
 * arriving meanwhile share it. The held key is an immutable object replaced
 * whole, so verifiers may cache its parsed form by identity.
 */
export class PublicKeyProvider implements VerificationKeySource {
  private current: VerificationKey | null = null;
  private inFlight: Promise<RefreshResult> | null = null;
  private lastSuccessAt: Date | null = null;
  private lastAttemptAt: Date | null = null;
  private lastOutcome: RefreshOutcome | null = null;
  private lastError: string | null = null;
  private lastErrorAt: Date | null = null;

  constructor(
    private readonly source: PublicKeySource,
    private readonly reader: VerificationKeyReader,
    private readonly scheduler: Scheduler,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: PublicKeyProviderOptions,
  ) {}

  /**
   * Starts the schedule and makes the first fetch. Never rejects: without a key
   * the service still comes up (protected paths answer 503) and the next
   * scheduled refresh retries.
   */
  async start(): Promise<RefreshResult> {
    this.scheduler.start(() => this.refresh());
    return this.run('startup');
  }

  /** Stops the schedule; a fetch in flight ends on its own timeout. */
  async stop(): Promise<void> {
    await this.scheduler.stop();
  }

  /** Fetches now, or joins the fetch already in flight. Never rejects. */
  refresh(): Promise<RefreshResult> {
    return this.run('refresh');
  }

  keyFor(kid: string | undefined): VerificationKey | undefined {
    const key = this.current;
    if (!key) return undefined;
    return kid === undefined || kid === key.kid ? key : undefined;
  }

  hasAnyKey(): boolean {
    return this.current !== null;
  }

  state(): PublicKeyProviderState {
    return {
      hasKey: this.current !== null,
      kid: this.current?.kid ?? null,
      method: this.options.method,
      algorithms: this.current?.algorithms ?? this.options.algorithms,
      lastSuccessAt: this.lastSuccessAt,
      lastAttemptAt: this.lastAttemptAt,
      lastOutcome: this.lastOutcome,
      lastError: this.lastError,
      lastErrorAt: this.lastErrorAt,
      nextRefreshAt: this.scheduler.nextRunAt(),
    };
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
    let outcome: RefreshOutcome;
    try {
      outcome = await this.fetchAndApply();
    } catch (error) {
      outcome = error instanceof KeyMaterialInvalidError ? 'rejected' : 'failed';
      this.recordError(error);
    }
    this.lastOutcome = outcome;
    if (outcome === 'replaced' || outcome === 'unchanged') this.lastSuccessAt = this.clock.now();
    this.report(phase, outcome);
    return { outcome, kid: this.current?.kid ?? null };
  }

  private async fetchAndApply(): Promise<RefreshOutcome> {
    const response = await this.source.fetch();
    if (!response.success) return 'refused';
    if (typeof response.data !== 'string' || response.data.trim() === '') {
      throw new KeyFetchError('the key endpoint answered success without a key');
    }
    if (this.current && this.current.material === response.data) return 'unchanged';
    // Parsed once here, so a key that cannot verify anything never replaces a good one.
    const next = this.reader.read(response.data, this.options.method, this.options.algorithms);
    const previousKid = this.current?.kid ?? null;
    this.current = next;
    if (previousKid !== next.kid) this.logger.info({ kid: next.kid, previousKid }, 'verification key updated');
    return 'replaced';
  }

  private recordError(error: unknown): void {
    this.lastError = error instanceof Error ? error.message : String(error);
    this.lastErrorAt = this.clock.now();
  }

  private report(phase: Phase, outcome: RefreshOutcome): void {
    const kid = this.current?.kid ?? null;
    if (outcome === 'replaced' || outcome === 'unchanged') {
      this.logger.debug({ kid, outcome }, 'verification key refreshed');
      return;
    }
    const error = outcome === 'refused' ? 'the key endpoint answered success false' : this.lastError;
    if (phase === 'startup' && !this.current) {
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
