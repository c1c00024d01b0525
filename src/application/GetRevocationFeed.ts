import { ClientUnauthorizedError } from '@auth-service/client/internal/domain/errors';
import type { RevocationEntries } from '@auth-service/client/internal/domain/model/RevocationList';
import type { ClientRegistry } from '../domain/ports/ClientRegistry';
import type { Clock } from '@auth-service/client/internal/domain/ports/Clock';
import type { RevocationStore } from '../domain/ports/RevocationStore';
import { epochSeconds } from './RevocationPolicy';

export interface GetRevocationFeedInput {
  readonly appId: string;
  readonly appSecret: string;
}

export type GetRevocationFeedResult = RevocationEntries;

/**
 * The revocations client services must honour: subjects with their not-before,
 * revoked jtis with their exp. Only entries that still cover a token that could
 * be valid, so the answer stays small. Same client check as the key endpoint.
 */
export class GetRevocationFeed {
  constructor(
    private readonly store: RevocationStore,
    private readonly clients: ClientRegistry,
    private readonly clock: Clock,
  ) {}

  async execute(input: GetRevocationFeedInput): Promise<GetRevocationFeedResult> {
    if (!this.clients.isEmpty() && !this.clients.verify(input.appId, input.appSecret)) throw new ClientUnauthorizedError();
    return this.store.current(epochSeconds(this.clock.now()));
  }
}
