import type { SignMethod } from '@auth-service/client';
import type { GeneratedKeyPair, KeyPairGenerator } from '../../src/domain/ports/KeyPairGenerator';

/**
 * Deterministic fake key material (`kid-1`, `private-1`, `public-1`, …). It yields
 * to the event loop before answering, so two concurrent callers interleave the
 * way two processes generating at once would.
 */
export class YieldingKeyPairGenerator implements KeyPairGenerator {
  readonly calls: Array<{ method: SignMethod; alg: string }> = [];

  async generate(method: SignMethod, alg: string): Promise<GeneratedKeyPair> {
    this.calls.push({ method, alg });
    const n = this.calls.length;
    await new Promise((resolve) => setImmediate(resolve));
    return { kid: `kid-${n}`, privateKey: `private-${n}`, publicKey: `public-${n}` };
  }
}
