import { ClientUnauthorizedError, KeyDistributionForbiddenError } from '../domain/errors';
import type { KeyRing } from '../domain/model/KeyRing';
import type { ClientRegistry } from '../domain/ports/ClientRegistry';

export interface GetPublicKeyInput {
  readonly appId: string;
  readonly appSecret: string;
}

export type GetPublicKeyResult = string;

/**
 * Hands the active verification key to a client service. An HMAC "public key" is
 * the signing secret itself, so it goes only to registered clients.
 */
export class GetPublicKey {
  constructor(
    private readonly ring: KeyRing,
    private readonly clients: ClientRegistry,
  ) {}

  execute(input: GetPublicKeyInput): GetPublicKeyResult {
    const key = this.ring.activeKey();
    if (key.method === 'hmac' && this.clients.isEmpty()) throw new KeyDistributionForbiddenError();
    if (!this.clients.isEmpty() && !this.clients.verify(input.appId, input.appSecret)) {
      throw new ClientUnauthorizedError();
    }
    return key.publicKey;
  }
}
