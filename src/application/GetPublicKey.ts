import { ClientUnauthorizedError, KeyDistributionForbiddenError, TooManyKeyRequestsError } from '@auth-service/client/internal/domain/errors';
import type { KeyRing } from '../domain/model/KeyRing';
import type { AttemptLimiter } from '../domain/ports/AttemptLimiter';
import type { ClientRegistry } from '../domain/ports/ClientRegistry';

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
 * Secret guessing is limited: each check counts against the client address
 * before it runs (given back when the secret is right), and each wrong secret
 * also against the appId. An address over its limit is refused unchecked; a
 * wrong secret for an appId over its limit is refused too, while the right
 * secret is still served, so guessing cannot lock a real client out.
 */
export class GetPublicKey {
  constructor(
    private readonly ring: KeyRing,
    private readonly clients: ClientRegistry,
    private readonly attempts: AttemptLimiter,
  ) {}

  async execute(input: GetPublicKeyInput): Promise<GetPublicKeyResult> {
    const key = this.ring.activeKey();
    if (key.method === 'hmac' && this.clients.isEmpty()) throw new KeyDistributionForbiddenError();
    // Without registered clients there is no secret to guess.
    if (this.clients.isEmpty()) return key.publicKey;

    const byAddress = await this.attempts.reserve(input.address ? [`address:${input.address}`] : []);
    if (byAddress.retryAfterSeconds !== null) throw new TooManyKeyRequestsError(byAddress.retryAfterSeconds);
    if (this.clients.verify(input.appId, input.appSecret)) {
      await byAddress.succeeded();
      return key.publicKey;
    }
    await byAddress.failed();
    const byClient = await this.attempts.reserve([`app:${input.appId}`]);
    await byClient.failed();
    if (byClient.retryAfterSeconds !== null) throw new TooManyKeyRequestsError(byClient.retryAfterSeconds);
    throw new ClientUnauthorizedError();
  }
}
