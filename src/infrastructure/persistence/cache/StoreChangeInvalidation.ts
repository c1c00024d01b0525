import type { BoundedProcessCache } from './BoundedProcessCache';
import type { StoreChange, StoreChangeListener, StoreChangeTopic } from './StoreChange';

/**
 * Hands each store change to the caches that hold its topic (each drops the
 * entry named), and the feed's state to every cache: a lost feed makes all of
 * them read the store per request until it is back.
 */
export class StoreChangeInvalidation implements StoreChangeListener {
  private readonly byTopic = new Map<StoreChangeTopic, Array<BoundedProcessCache<unknown>>>();
  private readonly all = new Set<BoundedProcessCache<unknown>>();
  /** Whether the feed is live now: a cache made after it resumed (caches are made on first use) starts trusted. */
  private live = false;

  /** `cache` drops its entry `key` on a change of any of `topics` naming `key`. */
  watch(cache: BoundedProcessCache<unknown>, topics: readonly StoreChangeTopic[]): void {
    this.all.add(cache);
    if (this.live) cache.trust();
    for (const topic of topics) this.byTopic.set(topic, [...(this.byTopic.get(topic) ?? []), cache]);
  }

  changed(change: StoreChange): void {
    for (const cache of this.byTopic.get(change.topic) ?? []) cache.drop(`${change.topic}:${change.key}`);
  }

  lost(): void {
    this.live = false;
    for (const cache of this.all) cache.distrust();
  }

  resumed(): void {
    this.live = true;
    for (const cache of this.all) cache.trust();
  }
}
