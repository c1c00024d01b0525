import { RevocationStaleError } from '../../domain/errors';
import { RevocationList, type RevocationEntries } from '@auth-service/client';
import type { Clock } from '@auth-service/client';
import type { RevocationSource } from '@auth-service/client';
import type { RevocationStore } from '../../domain/ports/RevocationStore';
import { FULL_READ_AFTER_MS, readRevocations } from './readRevocations';

/**
 * This process's cached copy of the shared store's revocations, for the auth
 * service's own token check. `refresh()` reads what changed in the store since
 * the last read (on a short interval; the whole list at the first read and once
 * an hour, which also drops what expired), so the cost of a refresh follows
 * the rate of revocations, not the size of the list;
 * this process's own writes apply at once through `record()`. Another
 * instance's writes are seen at its next refresh. Once the last good read is
 * older than `maxStaleSeconds` (the store unreachable, or this instance cut off
 * from it) the copy may miss revocations: `revocations()` then throws
 * RevocationStaleError (503) instead of letting a revoked token through.
 */
export class CachedRevocationView implements RevocationSource {
  private list = RevocationList.EMPTY;
  private inFlight: Promise<void> | null = null;
  private lastRefreshAt: Date | null = null;
  private lastFullReadAt: Date | null = null;
  private cursor: number | null = null;
  /** Own writes since the read in flight began: that read may not include them. */
  // Stryker disable next-line ArrayDeclaration: the initial value is never read: every read() empties it before recording into it
  private recordedDuringRead: RevocationEntries[] = [];

  constructor(
    private readonly store: RevocationStore,
    private readonly clock: Clock,
    private readonly maxStaleSeconds: number = Number.POSITIVE_INFINITY,
  ) {}

  revocations(): RevocationList {
    if (this.isStale()) throw new RevocationStaleError('the shared revocations have not been re-read for too long');
    return this.list;
  }

  /** True once the last good read is older than maxStaleSeconds (never before the first read: start-up awaits it). */
  isStale(): boolean {
    return this.lastRefreshAt !== null && this.clock.now().getTime() - this.lastRefreshAt.getTime() > this.maxStaleSeconds * 1000;
  }

  /** Re-reads the store, or joins the read already in flight. Rejects when the store cannot be read (the old copy stays). */
  refresh(): Promise<void> {
    this.inFlight ??= this.read().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** Entries this process has just written: in force here before the next refresh. */
  record(added: RevocationEntries): void {
    this.list = this.list.with(added);
    this.recordedDuringRead.push(added);
  }

  /** When the copy was last read from the store; null before the first read. */
  refreshedAt(): Date | null {
    return this.lastRefreshAt;
  }

  private async read(): Promise<void> {
    const startedAt = this.clock.now();
    this.recordedDuringRead = [];
    const fullDue = this.lastFullReadAt === null || startedAt.getTime() - this.lastFullReadAt.getTime() >= FULL_READ_AFTER_MS;
    const read = await readRevocations(this.store, fullDue ? null : this.cursor, startedAt.getTime());
    let list = read.full ? new RevocationList(read.entries) : this.list.with(read.entries);
    for (const added of this.recordedDuringRead) list = list.with(added);
    this.list = list;
    this.cursor = read.cursor;
    if (read.full) this.lastFullReadAt = startedAt;
    this.lastRefreshAt = startedAt;
  }
}
