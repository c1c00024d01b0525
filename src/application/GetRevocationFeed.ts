import type { RevocationEntries } from '@auth-service/client';
import type { AttemptLimiter } from '../domain/ports/AttemptLimiter';
import type { ClientRegistry } from '../domain/ports/ClientRegistry';
import type { Clock } from '@auth-service/client';
import type { RevocationStore } from '../domain/ports/RevocationStore';
import { ClientSecretGuard } from './ClientSecretGuard';
import { epochSeconds } from './RevocationPolicy';

export interface GetRevocationFeedInput {
  readonly appId: string;
  readonly appSecret: string;
  /** The client's address as the HTTP layer sees it; absent when unknown. */
  readonly address?: string;
}

export type GetRevocationFeedResult = RevocationEntries;

/**
 * The revocations client services must honour: subjects with their not-before,
 * revoked jtis with their exp. Only entries that still cover a token that could
 * be valid, so the answer stays small. Same client check and guessing limits
 * as the key endpoint.
 */
export class GetRevocationFeed {
  private readonly guard: ClientSecretGuard;

  constructor(
    private readonly store: RevocationStore,
    clients: ClientRegistry,
    private readonly clock: Clock,
    attempts: AttemptLimiter,
  ) {
    this.guard = new ClientSecretGuard(clients, attempts);
  }

  async execute(input: GetRevocationFeedInput): Promise<GetRevocationFeedResult> {
    await this.guard.authenticateIfRegistered(input.appId, input.appSecret, input.address);
    return this.store.current(epochSeconds(this.clock.now()));
  }
}
