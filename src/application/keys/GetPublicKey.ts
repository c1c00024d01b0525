import type { KeyRing } from '../../domain/model/KeyRing';
import type { AttemptLimiter } from '../../domain/ports/AttemptLimiter';
import type { ClientRegistry } from '../../domain/ports/ClientRegistry';
import { ClientSecretGuard } from '../clients/ClientSecretGuard';

export interface GetPublicKeyInput {
  readonly appId: string;
  readonly appSecret: string;
  /** The client's address as the HTTP layer sees it; absent when unknown. */
  readonly address?: string;
}

export type GetPublicKeyResult = string;

/**
 * Hands the active verification key to a client service. An HMAC "public key" is
 * the signing secret itself, so it goes only to registered clients.
 *
 * Secret guessing is limited by ClientSecretGuard (per address and per appId).
 */
export class GetPublicKey {
  private readonly guard: ClientSecretGuard;

  constructor(
    private readonly ring: KeyRing,
    clients: ClientRegistry,
    attempts: AttemptLimiter,
  ) {
    this.guard = new ClientSecretGuard(clients, attempts);
  }

  async execute(input: GetPublicKeyInput): Promise<GetPublicKeyResult> {
    const key = this.ring.activeKey();
    await this.guard.admitKeyRequest(key.method, input.appId, input.appSecret, input.address);
    return key.publicKey;
  }
}
