import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';

/**
 * A sliding-window store for express-rate-limit: a key may make at most
 * `limit` accepted requests in ANY period of `windowMs`, not per fixed window
 * (express-rate-limit's own MemoryStore resets a key's count all at once, which
 * allows up to twice the limit across a reset). Requests refused over the
 * limit are not recorded, so the reset time is exactly when the next request
 * will be accepted and a client that keeps knocking still gets in then.
 * Memory: at most `limit` timestamps per key, keys dropped once idle for a window.
 */
export class SlidingWindowStore implements Store {
  readonly localKeys = true;
  private readonly hits = new Map<string, number[]>();
  private windowMs = 60_000;
  private limit = 1;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
    if (typeof options.limit !== 'number') throw new TypeError('SlidingWindowStore needs a fixed numeric limit');
    this.limit = options.limit;
    clearInterval(this.sweeper);
    this.sweeper = setInterval(() => this.sweep(), this.windowMs);
    this.sweeper.unref();
  }

  get(key: string): ClientRateLimitInfo | undefined {
    const log = this.recent(key);
    return log.length > 0 ? { totalHits: log.length, resetTime: this.resetTime(log) } : undefined;
  }

  increment(key: string): IncrementResponse {
    const log = this.recent(key);
    if (log.length >= this.limit) return { totalHits: log.length + 1, resetTime: this.resetTime(log) };
    log.push(this.now());
    this.hits.set(key, log);
    return { totalHits: log.length, resetTime: this.resetTime(log) };
  }

  decrement(key: string): void {
    this.hits.get(key)?.pop();
  }

  resetKey(key: string): void {
    this.hits.delete(key);
  }

  resetAll(): void {
    this.hits.clear();
  }

  shutdown(): void {
    clearInterval(this.sweeper);
    this.hits.clear();
  }

  /** The key's accepted hits still inside the window, oldest first. */
  private recent(key: string): number[] {
    const log = this.hits.get(key);
    if (!log) return [];
    const cutoff = this.now() - this.windowMs;
    let expired = 0;
    while (expired < log.length && log[expired] <= cutoff) expired++;
    if (expired > 0) log.splice(0, expired);
    if (log.length === 0) this.hits.delete(key);
    return log;
  }

  /** When the oldest hit leaves the window, i.e. when one more request will be accepted. */
  private resetTime(log: readonly number[]): Date {
    return new Date((log[0] ?? this.now()) + this.windowMs);
  }

  private sweep(): void {
    for (const key of [...this.hits.keys()]) this.recent(key);
  }
}
