/** What a store change names: a client by id, a user by id or by account key, a user's second factors by user id. */
export const STORE_CHANGE_TOPICS = ['client', 'user', 'account', 'factors'] as const;
export type StoreChangeTopic = (typeof STORE_CHANGE_TOPICS)[number];

/** One change the store announced: the entry `key` of `topic` was written (added, changed or removed). */
export interface StoreChange {
  readonly topic: StoreChangeTopic;
  readonly key: string;
}

/** The PostgreSQL channel the store's triggers NOTIFY on (migration AddStoreChangeFeed). */
export const STORE_CHANGES_CHANNEL = 'auth_store_changes';

/** `<topic>:<key>`, as the triggers write it; null for anything else. */
export function parseStoreChange(text: string): StoreChange | null {
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  const topic = text.slice(0, colon);
  if (!(STORE_CHANGE_TOPICS as readonly string[]).includes(topic)) return null;
  return { topic: topic as StoreChangeTopic, key: text.slice(colon + 1) };
}

/**
 * Who hears a feed of store changes: each change, and whether the feed can be
 * trusted at all (`lost`: changes may be missed from now on; `resumed`: none
 * will be missed from now on, though some may have been since `lost`).
 */
export interface StoreChangeListener {
  changed(change: StoreChange): void;
  lost(): void;
  resumed(): void;
}

/** A source of store changes for one process: started once the store is open, closed before it closes. */
export interface StoreChangeFeed {
  start(): Promise<void>;
  close(): Promise<void>;
}
