import { KeyDistributionForbiddenError } from '@auth-service/client/internal/domain/errors';
import type { KeyRing } from '../domain/model/KeyRing';
import type { AttemptLimiter } from '../domain/ports/AttemptLimiter';
import type { ClientRegistry } from '../domain/ports/ClientRegistry';
import { ClientSecretGuard } from './ClientSecretGuard';

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
    private readonly clients: ClientRegistry,
    attempts: AttemptLimiter,
  ) {
    this.guard = new ClientSecretGuard(clients, attempts);
  }

  async execute(input: GetPublicKeyInput): Promise<GetPublicKeyResult> {
    const key = this.ring.activeKey();
    if (key.method === 'hmac' && this.clients.isEmpty()) throw new KeyDistributionForbiddenError();
    // Without registered clients there is no secret to guess.
    if (this.clients.isEmpty()) return key.publicKey;
    await this.guard.authenticate(input.appId, input.appSecret, input.address);
    return key.publicKey;
  }
}
