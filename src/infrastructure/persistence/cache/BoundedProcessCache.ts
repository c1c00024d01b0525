/**
 * Entries read from the shared store, kept in this process's memory only: a
 * cache, never the truth. At most `capacity` entries, the least recently used
 * going first. It answers from memory only while trusted (its store change
 * feed is live); otherwise every read goes to the store. A read that was in
 * flight when anything was dropped is not kept: it may predate the change.
 */
export class BoundedProcessCache<V> {
  private readonly entries = new Map<string, V>();
  /** Moves on every drop, so a load begun before one is not remembered. */
  private generation = 0;
  private trusted = false;

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('a cache holds at least one entry');
  }

  /** The entry of `key` when trusted and held (marked most recently used); undefined otherwise. */
  held(key: string): V | undefined {
    if (!this.trusted || !this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    // Map keeps insertion order: re-inserting marks the entry most recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** `load()` from the store (its errors pass through, nothing kept), remembered when `keep` says so and nothing was dropped meanwhile. */
  async load(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const generation = this.generation;
    const value = await load();
    if (this.trusted && generation === this.generation && keep(value)) this.remember(key, value);
    return value;
  }

  /** The entry held, else loaded. */
  async read(key: string, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V> {
    const held = this.held(key);
    return held !== undefined ? held : this.load(key, load, keep);
  }

  drop(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  dropAll(): void {
    this.generation++;
    this.entries.clear();
  }

  /** The feed may miss changes: forget everything and read the store until `trust`. */
  distrust(): void {
    this.trusted = false;
    this.dropAll();
  }

  /** The feed is live again: start afresh, since changes may have been missed meanwhile. */
  trust(): void {
    this.dropAll();
    this.trusted = true;
  }

  get size(): number {
    return this.entries.size;
  }

  private remember(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}
