import { KeyUnavailableError } from '../domain/errors';
import { RevocationList } from '../domain/model/RevocationList';
import type { Clock } from '../domain/ports/Clock';
import type { Logger } from '../domain/ports/Logger';
import type { RevocationFeedSource } from '../domain/ports/RevocationFeedSource';
import type { RevocationSource } from '../domain/ports/RevocationSource';

/** What a feed fetch did: new entries, 304, no feed on the server (older version), or no usable answer. */
export type FeedOutcome = 'replaced' | 'unchanged' | 'absent' | 'failed';

export interface RevocationFeedOptions {
  /** How long the last good entries are trusted while the feed cannot be reached (as for keys). */
  readonly maxStaleSeconds: number;
  /** Told the outcome of every fetch (metrics). */
  readonly onFetch?: (outcome: FeedOutcome) => void;
}

export interface RevocationFeedState {
  readonly offered: boolean | null;
  readonly subjects: number;
  readonly tokens: number;
  readonly stale: boolean;
  readonly ageSeconds: number | null;
  readonly lastSuccessAt: Date | null;
  readonly lastAttemptAt: Date | null;
  readonly lastOutcome: FeedOutcome | null;
  readonly lastError: string | null;
}

/**
 * A client's copy of the auth service's revocation feed, fetched on the key
 * refresh schedule. One fetch in flight at a time. A failed fetch keeps the
 * last known entries; once the last good answer is older than maxStaleSeconds
 * the copy is no longer trusted and tokens are refused as while no key is held
 * (503), because a revocation could have been missed. An auth service without
 * a feed (404) means no revocations to honour.
 */
export class RevocationFeedProvider implements RevocationSource {
  private list = RevocationList.EMPTY;
  private etag: string | null = null;
  private inFlight: Promise<FeedOutcome> | null = null;
  private offered: boolean | null = null;
  private lastSuccessAt: Date | null = null;
  private lastAttemptAt: Date | null = null;
  private lastOutcome: FeedOutcome | null = null;
  private lastError: string | null = null;

  constructor(
    private readonly source: RevocationFeedSource,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: RevocationFeedOptions,
  ) {}

  revocations(): RevocationList {
    if (this.isStale()) throw new KeyUnavailableError('the revocation feed has not answered for too long');
    return this.list;
  }

  /** Fetches now, or joins the fetch in flight. Never rejects. */
  refresh(): Promise<FeedOutcome> {
    this.inFlight ??= this.attempt().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  state(): RevocationFeedState {
    const age = this.lastSuccessAt === null ? null : (this.clock.now().getTime() - this.lastSuccessAt.getTime()) / 1000;
    return {
      offered: this.offered,
      subjects: this.list.entries.subjects.length,
      tokens: this.list.entries.tokens.length,
      stale: this.isStale(),
      ageSeconds: age,
      lastSuccessAt: this.lastSuccessAt,
      lastAttemptAt: this.lastAttemptAt,
      lastOutcome: this.lastOutcome,
      lastError: this.lastError,
    };
  }

  private isStale(): boolean {
    if (this.lastSuccessAt === null || this.offered === false) return false;
    return this.clock.now().getTime() - this.lastSuccessAt.getTime() > this.options.maxStaleSeconds * 1000;
  }

  private async attempt(): Promise<FeedOutcome> {
    this.lastAttemptAt = this.clock.now();
    let outcome: FeedOutcome;
    try {
      const answer = await this.source.fetch(this.etag);
      if (answer.kind === 'entries') {
        this.list = new RevocationList(answer.entries);
        this.etag = answer.etag;
        outcome = 'replaced';
      } else if (answer.kind === 'absent') {
        this.list = RevocationList.EMPTY;
        outcome = 'absent';
      } else {
        outcome = 'unchanged';
      }
      this.offered = answer.kind !== 'absent';
      this.lastSuccessAt = this.clock.now();
      this.lastError = null;
      this.logger.debug({ outcome, subjects: this.list.entries.subjects.length, tokens: this.list.entries.tokens.length }, 'revocation feed refreshed');
    } catch (error) {
      outcome = 'failed';
      this.lastError = error instanceof Error ? error.message : String(error);
      this.logger.warn({ error: this.lastError }, 'revocation feed refresh failed; keeping the last known revocations');
    }
    this.lastOutcome = outcome;
    this.options.onFetch?.(outcome);
    return outcome;
  }
}
