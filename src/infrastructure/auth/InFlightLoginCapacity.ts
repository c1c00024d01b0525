import type { LoginCapacity } from '../../domain/ports/LoginCapacity';

/**
 * At most `limit` logins in progress in this process: the password hasher's
 * concurrency plus its queue, so every admitted login finds a hashing slot or
 * a queue place. One source (client address) holds at most `perSource` of
 * them, by default a quarter (at least one): a flooding address gets busy
 * refusals while the rest stays free for other addresses.
 */
export class InFlightLoginCapacity implements LoginCapacity {
  private inFlight = 0;
  private readonly bySource = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly perSource = Math.max(1, Math.ceil(limit / 4)),
  ) {
    if (!(limit >= 1)) throw new RangeError('login capacity must be at least 1');
    if (!(perSource >= 1)) throw new RangeError('a source must be allowed at least one login at a time');
  }

  enter(source?: string): (() => void) | null {
    if (this.inFlight >= this.limit) return null;
    const held = source === undefined ? 0 : (this.bySource.get(source) ?? 0);
    if (held >= this.perSource) return null;
    this.inFlight++;
    if (source !== undefined) this.bySource.set(source, held + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inFlight--;
      if (source === undefined) return;
      // Entries go when their last login does: the map holds only addresses with a login in progress.
      const now = (this.bySource.get(source) ?? 1) - 1;
      if (now === 0) this.bySource.delete(source);
      else this.bySource.set(source, now);
    };
  }
}

/** No bound: for the stub login, which hashes nothing and counts nothing. */
export class UnboundedLoginCapacity implements LoginCapacity {
  enter(): () => void {
    return noop;
  }
}

function noop(): void {}
