import type { LoginCapacity } from '../../domain/ports/LoginCapacity';

/**
 * At most `limit` logins in progress in this process: the password hasher's
 * concurrency plus its queue, so every admitted login finds a hashing slot or
 * a queue place and nothing beyond that touches the attempt counters.
 */
export class InFlightLoginCapacity implements LoginCapacity {
  private inFlight = 0;

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError('login capacity must be at least 1');
  }

  enter(): (() => void) | null {
    if (this.inFlight >= this.limit) return null;
    this.inFlight++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inFlight--;
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
