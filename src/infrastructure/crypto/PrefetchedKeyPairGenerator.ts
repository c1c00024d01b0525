import type { SignMethod } from '@auth-service/client';
import type { GeneratedKeyPair, KeyPairGenerator } from '../../domain/ports/KeyPairGenerator';

/**
 * Starts generating one key pair for a method and algorithm at construction
 * and hands it to the first generate() that asks for that method and
 * algorithm; every other call goes to the inner generator. For a store known
 * to be empty (a new SQLite file): a first start then generates its key (RSA:
 * 50-400 ms on the thread pool) while the database is being migrated, instead
 * of after. Which key becomes active is still the store's decision
 * (insert-if-absent), so racing instances converge as before.
 */
export class PrefetchedKeyPairGenerator implements KeyPairGenerator {
  private prefetched: Promise<GeneratedKeyPair> | null;

  constructor(
    private readonly inner: KeyPairGenerator,
    private readonly method: SignMethod,
    private readonly alg: string,
  ) {
    this.prefetched = inner.generate(method, alg);
    // Observed here so that a failure nobody asks for is not an unhandled rejection; a caller still gets it.
    this.prefetched.catch(() => undefined);
  }

  generate(method: SignMethod, alg: string): Promise<GeneratedKeyPair> {
    const prefetched = this.prefetched;
    if (prefetched && method === this.method && alg === this.alg) {
      this.prefetched = null;
      return prefetched;
    }
    return this.inner.generate(method, alg);
  }
}
