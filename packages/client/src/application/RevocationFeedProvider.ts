import { RevocationStaleError } from '../domain/errors';
import { RevocationList } from '../domain/model/RevocationList';
import type { Clock } from '../domain/ports/Clock';
import type { Logger } from '../domain/ports/Logger';
import type { RevocationFeedSource } from '../domain/ports/RevocationFeedSource';
import type { RevocationSource } from '../domain/ports/RevocationSource';

/** What a feed fetch did: new entries, 304, no feed on the server (older version), credentials refused (401/403), or no usable answer. */
export type FeedOutcome = 'replaced' | 'unchanged' | 'absent' | 'refused' | 'failed';

export interface RevocationFeedOptions {
  /** How long the last good entries are trusted while the feed cannot be reached; minutes, not the keys' day. */
  readonly maxStaleSeconds: number;
  /** This client's appId, named in the error logged when the feed refuses its credentials (the secret never is). */
  readonly appId?: string;
  /** Told the outcome of every fetch (metrics). */
  readonly onFetch?: (outcome: FeedOutcome) => void;
}

/** A full list this often, even while changes come: it drops what expired or was folded since. */
const FULL_FETCH_AFTER_MS = 3_600_000;

export interface RevocationFeedState {
  readonly offered: boolean | null;
  readonly subjects: number;
  readonly tokens: number;
  readonly stale: boolean;
  /** The last answer was 401/403: wrong appId/appSecret. Tokens are refused (503) until a fetch succeeds. */
  readonly credentialsRefused: boolean;
  readonly ageSeconds: number | null;
  readonly lastSuccessAt: Date | null;
  readonly lastAttemptAt: Date | null;
  readonly lastOutcome: FeedOutcome | null;
  readonly lastError: string | null;
}

/**
 * A client's copy of the auth service's revocation feed, fetched on the key
 * refresh schedule. One fetch in flight at a time. The first fetch (and one an
 * hour) gets the full list; the others send the feed's cursor and merge only
 * what changed since. A failed fetch keeps the
 * last known entries; once the last good answer (or, before the first one,
 * the start) is older than maxStaleSeconds the copy is no longer trusted and
 * tokens are refused with RevocationStaleError (503), because a revocation
 * could have been missed. A 401/403 (wrong appId/appSecret) does the same at
 * once and is logged at error level on every such answer: a misconfigured
 * client must not quietly verify without revocations. An auth service without
 * a feed (404) means no revocations to honour.
 */
export class RevocationFeedProvider implements RevocationSource {
  private list = RevocationList.EMPTY;
  private etag: string | null = null;
  /** The feed's cursor after the last answer: the next fetch asks only for what changed since. */
  private cursor: number | null = null;
  private lastFullAt: Date | null = null;
  private inFlight: Promise<FeedOutcome> | null = null;
  private offered: boolean | null = null;
  private lastSuccessAt: Date | null = null;
  private lastAttemptAt: Date | null = null;
  private lastOutcome: FeedOutcome | null = null;
  private lastError: string | null = null;
  private credentialsRefused = false;
  private readonly startedAt: Date;

  constructor(
    private readonly source: RevocationFeedSource,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: RevocationFeedOptions,
  ) {
    this.startedAt = clock.now();
  }

  revocations(): RevocationList {
    if (this.credentialsRefused) throw new RevocationStaleError('the revocation feed refused this client\'s credentials');
    if (this.isStale()) throw new RevocationStaleError('the revocation feed has not answered for too long');
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
      subjects: this.list.subjectCount,
      tokens: this.list.tokenCount,
      stale: this.isStale(),
      credentialsRefused: this.credentialsRefused,
      ageSeconds: age,
      lastSuccessAt: this.lastSuccessAt,
      lastAttemptAt: this.lastAttemptAt,
      lastOutcome: this.lastOutcome,
      lastError: this.lastError,
    };
  }

  private wantsChangesOnly(): boolean {
    return this.cursor !== null && this.lastFullAt !== null && this.clock.now().getTime() - this.lastFullAt.getTime() < FULL_FETCH_AFTER_MS;
  }

  private isStale(): boolean {
    if (this.offered === false) return false;
    const since = this.lastSuccessAt ?? this.startedAt;
    return this.clock.now().getTime() - since.getTime() > this.options.maxStaleSeconds * 1000;
  }

  private async attempt(): Promise<FeedOutcome> {
    this.lastAttemptAt = this.clock.now();
    let outcome: FeedOutcome;
    try {
      const answer = await this.source.fetch(this.etag, this.wantsChangesOnly() ? this.cursor : null);
      if (answer.kind === 'refused') return this.finish(this.refused(answer.status));
      if (answer.kind === 'entries') {
        const full = answer.full !== false;
        this.list = full ? new RevocationList(answer.entries) : this.list.with(answer.entries);
        if (full) this.lastFullAt = this.clock.now();
        this.cursor = answer.cursor ?? null;
        this.etag = answer.etag;
        outcome = 'replaced';
      } else if (answer.kind === 'absent') {
        this.list = RevocationList.EMPTY;
        this.cursor = null;
        outcome = 'absent';
      } else {
        outcome = 'unchanged';
      }
      this.offered = answer.kind !== 'absent';
      this.lastSuccessAt = this.clock.now();
      this.lastError = null;
      if (this.credentialsRefused) this.logger.info({ appId: this.options.appId }, 'revocation feed accepts this client\'s credentials again');
      this.credentialsRefused = false;
      this.logger.debug({ outcome, subjects: this.list.subjectCount, tokens: this.list.tokenCount }, 'revocation feed refreshed');
    } catch (error) {
      outcome = 'failed';
      this.lastError = error instanceof Error ? error.message : String(error);
      this.logger.warn({ error: this.lastError }, 'revocation feed refresh failed; keeping the last known revocations');
    }
    return this.finish(outcome);
  }

  private finish(outcome: FeedOutcome): FeedOutcome {
    this.lastOutcome = outcome;
    this.options.onFetch?.(outcome);
    return outcome;
  }

  /** Wrong appId/appSecret: nothing about revocations can be known, so tokens are refused until it is fixed. */
  private refused(status: number): FeedOutcome {
    this.credentialsRefused = true;
    this.lastError = `the auth service refused this client's credentials (HTTP ${status})`;
    this.logger.error(
      { appId: this.options.appId, status },
      'the revocation feed refused this client\'s appId/appSecret: tokens are refused (503) until the credentials are fixed',
    );
    return 'refused';
  }
}
