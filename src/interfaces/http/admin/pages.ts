import type { Request } from 'express';
import type { KeyedPage } from '../../../domain/model/KeyedPage';
import { ProblemError } from './problem';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** A page of a listing: `next` is the cursor of the following page, null on the last. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly next: string | null;
}

/** `limit` as asked: 50 when absent; a whole number from 1 to 200, else 400 naming it. */
export function pageSize(req: Request): number {
  const raw = req.query.limit;
  if (raw === undefined) return DEFAULT_PAGE_SIZE;
  const size = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(size >= 1 && size <= MAX_PAGE_SIZE)) {
    const reason = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
    throw new ProblemError('invalid-request', reason, { invalidParams: [{ name: 'limit', reason }] });
  }
  return size;
}

/** The opaque `cursor` as asked (the key after which the page starts), or undefined for the first page; 400 when it is none of ours. */
export function pageCursor(req: Request): string | undefined {
  const raw = req.query.cursor;
  if (raw === undefined) return undefined;
  const key = typeof raw === 'string' && /^[A-Za-z0-9_-]+$/.test(raw) ? decodedKey(raw) : null;
  if (key === null) {
    const reason = 'cursor must be the `next` of a previous page';
    throw new ProblemError('invalid-request', reason, { invalidParams: [{ name: 'cursor', reason }] });
  }
  return key;
}

function decodedKey(cursor: string): string | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    return typeof (parsed as { after?: unknown } | null)?.after === 'string' ? (parsed as { after: string }).after : null;
  } catch {
    return null;
  }
}

/** A store's keyed page as the API answers it: `next` the opaque cursor of the key it stopped at. */
export function pageFrom<T, U>(page: KeyedPage<T>, shown: (item: T) => U): Page<U> {
  return { items: page.items.map(shown), next: page.nextAfter === null ? null : cursorAfter(page.nextAfter) };
}

/** The cursor that starts after `key`. */
export function cursorAfter(key: string): string {
  return Buffer.from(JSON.stringify({ after: key }), 'utf8').toString('base64url');
}

/**
 * One page of a listing in the order of `keyOf` (unique per item, compared as code units): the items after the
 * cursor's key, `limit` of them; a key removed since keeps its place, so a page never repeats or skips what stayed.
 */
export function pageOf<T>(items: readonly T[], keyOf: (item: T) => string, after: string | undefined, limit: number): Page<T> {
  const ordered = items.map((item) => ({ item, key: keyOf(item) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const start = after === undefined ? 0 : ordered.findIndex(({ key }) => key > after);
  const rest = start === -1 ? [] : ordered.slice(start);
  const page = rest.slice(0, limit);
  return { items: page.map(({ item }) => item), next: rest.length > limit ? cursorAfter(page[page.length - 1].key) : null };
}
