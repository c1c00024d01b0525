import type { KeyRing } from '../../domain/model/KeyRing';
import type { ClientSecretGuard } from '../clients/ClientSecretGuard';

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
 * Secret guessing is limited by ClientSecretGuard (per address and per appId):
 * the one of the resource services' checks, shared with the key list and the
 * revocation feed, so a client's concurrent checks at them meet in one place.
 */
export class GetPublicKey {
  constructor(
    private readonly ring: KeyRing,
    private readonly guard: Pick<ClientSecretGuard, 'admitKeyRequest'>,
  ) {}

  async execute(input: GetPublicKeyInput): Promise<GetPublicKeyResult> {
    const key = this.ring.activeKey();
    await this.guard.admitKeyRequest(key.method, input.appId, input.appSecret, input.address);
    return key.publicKey;
  }
}
