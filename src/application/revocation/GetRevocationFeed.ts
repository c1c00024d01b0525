import type { Clock } from '@auth-service/client';
import type { RevocationStore } from '../../domain/ports/RevocationStore';
import type { ClientSecretGuard } from '../clients/ClientSecretGuard';
import type { RevocationEntries } from '@auth-service/client';
import { readRevocations } from './readRevocations';

export interface GetRevocationFeedInput {
  readonly appId: string;
  readonly appSecret: string;
  /** The client's address as the HTTP layer sees it; absent when unknown. */
  readonly address?: string;
  /** The cursor of the client's last answer: only what changed since is sent. Absent: the full list. */
  readonly since?: number;
}

/**
 * The entries (at the top, as before cursors existed, so older clients still read them), the cursor to send
 * next time, and whether this is the full list or changes to merge.
 */
export type GetRevocationFeedResult = Required<RevocationEntries> & { readonly cursor: number; readonly full: boolean };

/**
 * The revocations client services must honour: subjects and removed clients
 * with their not-before, revoked jtis with their exp. Only entries that still cover a token that could
 * be valid; after a client's first fetch only what changed since its cursor
 * (readRevocations), so a refresh costs bytes in proportion to the changes,
 * not to the list. Same client check and guessing limits as the key endpoint:
 * its guard, shared with it.
 */
export class GetRevocationFeed {
  constructor(
    private readonly store: RevocationStore,
    private readonly guard: Pick<ClientSecretGuard, 'authenticateIfRegistered'>,
    private readonly clock: Clock,
  ) {}

  async execute(input: GetRevocationFeedInput): Promise<GetRevocationFeedResult> {
    await this.guard.authenticateIfRegistered(input.appId, input.appSecret, input.address);
    const read = await readRevocations(this.store, input.since ?? null, this.clock.now().getTime());
    return { subjects: read.entries.subjects, tokens: read.entries.tokens, clients: read.entries.clients ?? [], cursor: read.cursor, full: read.full };
  }
}
