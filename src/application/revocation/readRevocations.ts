import type { RevocationEntries } from '@auth-service/client';
import type { RevocationStore } from '../../domain/ports/RevocationStore';

/**
 * Changes are asked for from this long before the reader's cursor: a write
 * stamped by an instance whose clock is behind, or committed just after a
 * read, is still seen. Entries merge idempotently, so seeing one twice costs
 * only bytes. Instances' clocks must agree within this (NTP does).
 */
export const CHANGE_OVERLAP_MS = 30_000;

/** A cursor older than this gets the full list: it also drops what expired or was folded meanwhile. */
export const FULL_READ_AFTER_MS = 3_600_000;

/** One read of the revocations: everything (first read, old cursor) or only what changed since the cursor. */
export interface RevocationRead {
  readonly entries: RevocationEntries;
  /** Epoch ms of the read (the server's clock); send it back as the next `since`. */
  readonly cursor: number;
  readonly full: boolean;
}

/**
 * Reads the store incrementally: the full list when `sinceMs` is null, older
 * than FULL_READ_AFTER_MS or in the future; otherwise the entries written from
 * `sinceMs − CHANGE_OVERLAP_MS` on. The cursor is the time of this read: with
 * the overlap, a write committed after it (even stamped by a clock a little
 * behind) is in the next answer.
 */
export async function readRevocations(store: RevocationStore, sinceMs: number | null, nowMs: number): Promise<RevocationRead> {
  const now = Math.floor(nowMs / 1000);
  // Stryker disable next-line ConditionalExpression: `sinceMs === null` made false is equivalent: null < nowMs - FULL_READ_AFTER_MS is true (null is 0), so a missing cursor still reads everything
  if (sinceMs === null || sinceMs < nowMs - FULL_READ_AFTER_MS || sinceMs > nowMs + CHANGE_OVERLAP_MS) {
    return { entries: await store.current(now), cursor: nowMs, full: true };
  }
  const changes = await store.changedSince(sinceMs - CHANGE_OVERLAP_MS, now);
  return { entries: changes.entries, cursor: nowMs, full: false };
}
