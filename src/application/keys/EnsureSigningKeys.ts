import type { KeyRing } from '../../domain/model/KeyRing';
import type { SignMethod } from '@auth-service/client';
import type { SigningKeyPair } from '../../domain/model/SigningKeyPair';
import type { Clock } from '@auth-service/client';
import type { KeyPairGenerator } from '../../domain/ports/KeyPairGenerator';
import type { KeyStore, StoredSigningKey } from '../../domain/ports/KeyStore';

export interface EnsureSigningKeysInput {
  readonly method: SignMethod;
  readonly alg: string;
}

export type EnsureSigningKeysResult = SigningKeyPair & { readonly generated: boolean };

/**
 * Startup: load the method's key pair from the store, or generate, store and use
 * a new one. Racing instances converge because the store only inserts when no
 * active key exists and everyone re-reads the winner.
 */
export class EnsureSigningKeys {
  constructor(
    private readonly store: KeyStore,
    private readonly generator: KeyPairGenerator,
    private readonly ring: KeyRing,
    private readonly clock: Clock,
  ) {}

  async execute(input: EnsureSigningKeysInput): Promise<EnsureSigningKeysResult> {
    const stored = await this.store.findActive(input.method);
    const usable = usableKey(stored, input.alg);
    if (usable) {
      this.ring.activate(usable);
      return { ...usable, generated: false };
    }

    const material = await this.generator.generate(input.method, input.alg);
    const candidate: SigningKeyPair = {
      kid: material.kid,
      method: input.method,
      alg: input.alg,
      privateKey: material.privateKey,
      publicKey: material.publicKey,
      createdAt: this.clock.now(),
    };
    await this.store.insertActiveIfAbsent(candidate, stored?.kid ?? null);

    const winner = usableKey(await this.store.findActive(input.method), input.alg);
    if (!winner) throw new Error(`the key store holds no usable ${input.method} key after inserting one`);
    this.ring.activate(winner);
    return { ...winner, generated: winner.kid === candidate.kid };
  }
}

/** A stored key is used as-is only when both halves exist and it signs with the configured algorithm. */
function usableKey(stored: StoredSigningKey | null, alg: string): SigningKeyPair | null {
  if (!stored || !stored.privateKey || !stored.publicKey || stored.alg !== alg) return null;
  return { ...stored, privateKey: stored.privateKey, publicKey: stored.publicKey };
}
