import type { RevocationEntries } from '../model/RevocationList';

/** What one ask of the revocation feed gave. */
export type RevocationFeedAnswer =
  /**
   * Entries and the validator to send next time. `full` false: only what changed since the cursor sent, to merge
   * into the entries held; true or absent (an older auth service): the whole list. `cursor`: to send next time.
   */
  | { readonly kind: 'entries'; readonly entries: RevocationEntries; readonly etag: string | null; readonly cursor?: number | null; readonly full?: boolean }
  /** 304: the entries held are still current. */
  | { readonly kind: 'unchanged' }
  /** The auth service has no feed (an older version: 404). */
  | { readonly kind: 'absent' }
  /** 401/403: the auth service refused this client's appId/appSecret. Revocations cannot be known until they are fixed. */
  | { readonly kind: 'refused'; readonly status: number };

/**
 * Where a client service gets the auth service's revocations. Rejects with
 * KeyFetchError when there is no usable answer (refused, timeout, 5xx, refused
 * not the expected shape); refused credentials are an answer of their own.
 */
export interface RevocationFeedSource {
  /** `cursor`: the one of the last answer, to get only what changed since; null for the full list. */
  fetch(etag: string | null, cursor?: number | null): Promise<RevocationFeedAnswer>;
}
