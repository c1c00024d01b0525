/** One page of a listing in key order: the request and the answer, as the stores' `listAfter` serve them. */
export interface PageRequest {
  /** The key after which the page starts; absent: from the first. */
  readonly after?: string;
  /** At least 1. */
  readonly limit: number;
}

export interface KeyedPage<T> {
  readonly items: readonly T[];
  /** The key the next page starts after; null on the last page. */
  readonly nextAfter: string | null;
}

/**
 * The page of `limit` items out of `rows` read with one more than the limit (how a store tells a last page
 * without a count): the extra row only says there is a next page, after the last item kept.
 */
export function keyedPage<T>(rows: readonly T[], limit: number, keyOf: (item: T) => string): KeyedPage<T> {
  const items = rows.slice(0, limit);
  return { items, nextAfter: rows.length > limit ? keyOf(items[items.length - 1]) : null };
}
