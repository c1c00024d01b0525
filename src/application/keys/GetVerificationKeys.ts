import type { KeyRing } from '../../domain/model/KeyRing';
import type { ClientSecretGuard } from '../clients/ClientSecretGuard';

export interface GetVerificationKeysInput {
  readonly appId: string;
  readonly appSecret: string;
  /** The client's address as the HTTP layer sees it; absent when unknown. */
  readonly address?: string;
}

/** One key a token may be verified with: for hmac, the shared secret (Base64). */
export interface ListedVerificationKey {
  readonly kid: string;
  readonly alg: string;
  readonly key: string;
}

export type GetVerificationKeysResult = ListedVerificationKey[];

/**
 * Every key that still verifies (next during publish-ahead, active, retiring
 * until its tokens expire), each with its kid: what an hmac client needs to
 * keep accepting tokens across a rotation (the JWKS publishes no secrets).
 * Same rules as GetPublicKey: hmac secrets go to registered clients only, and
 * secret guessing is limited on the same count, by the same guard (ClientSecretGuard).
 */
export class GetVerificationKeys {
  constructor(
    private readonly ring: KeyRing,
    private readonly guard: Pick<ClientSecretGuard, 'admitKeyRequest'>,
  ) {}

  async execute(input: GetVerificationKeysInput): Promise<GetVerificationKeysResult> {
    const active = this.ring.activeKey();
    await this.guard.admitKeyRequest(active.method, input.appId, input.appSecret, input.address);
    // The active key first: a client that can hold only one takes it.
    // Stryker disable next-line ConditionalExpression: dropping the `b.kid === active.kid` term is equivalent on V8: its insertion sort (rings hold a handful of keys) compares the key being placed as `a`, so the active key still moves first
    const keys = this.ring.publishedKeys().sort((a, b) => Number(b.kid === active.kid) - Number(a.kid === active.kid));
    return keys.map((key) => ({ kid: key.kid, alg: key.algorithms[0], key: key.material }));
  }
}
