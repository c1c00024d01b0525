import { PasswordHashingBusyError } from '../../domain/errors';
import type { PasswordHasher } from '../../domain/ports/PasswordHasher';

export interface HashingLimits {
  /** Hashes computed at once; keep it below the libuv thread-pool size so database and file work always find a thread. */
  readonly concurrency: number;
  /** Hashes waiting for a slot; one more is refused at once with PasswordHashingBusyError. */
  readonly queue: number;
}

/**
 * Bounds the password hashing of one process. scrypt runs on libuv's thread
 * pool, which SQLite queries, file reads and key generation share: an
 * unbounded burst of logins would fill every thread and starve them (health
 * timed out, a correct login waited a minute). Here at most `concurrency`
 * hashes run, at most `queue` wait in arrival order, and anything beyond is
 * refused before any hashing work. Every call goes through the same gate
 * (unknown accounts verify against a dummy hash here too), so neither the wait
 * nor a refusal tells an unknown account from a wrong password.
 */
export class BoundedPasswordHasher implements PasswordHasher {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly inner: PasswordHasher,
    private readonly limits: HashingLimits,
  ) {
    if (!(limits.concurrency >= 1) || !(limits.queue >= 0)) throw new RangeError('hashing needs a concurrency of at least 1 and a queue of at least 0');
  }

  hash(password: string): Promise<string> {
    return this.gated(() => this.inner.hash(password));
  }

  verify(password: string, passwordHash: string): Promise<boolean> {
    return this.gated(() => this.inner.verify(password, passwordHash));
  }

  needsRehash(passwordHash: string): boolean {
    return this.inner.needsRehash(passwordHash);
  }

  /**
   * Runs `work` under the same bound as the hashes: a user-store module's
   * password check (AUTH_USER_STORE=module:…) is password work of the same
   * cost, and waits or is refused like a hash.
   */
  async gated<T>(work: () => Promise<T>): Promise<T> {
    await this.slot();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private slot(): Promise<void> {
    if (this.running < this.limits.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.queue) return Promise.reject(new PasswordHashingBusyError());
    // The slot is handed over by release(), so `running` stays counted for the waiter.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
