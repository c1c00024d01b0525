import type { RevocationEntries } from '@auth-service/client';
import type { Clock } from '@auth-service/client';
import type { RevocationStore } from '../domain/ports/RevocationStore';
import { epochSeconds, type RevocationPolicy } from './RevocationPolicy';

export interface RevokeUserTokensInput {
  /** The user id: the `sub` of the user's tokens. */
  readonly subject: string;
}

/** Told of every revocation written (metrics, logs, this process's cached view). */
export type RevocationObserver = (kind: 'subject' | 'token', added: RevocationEntries) => void;

/**
 * Refuses every token of a user issued until now (disable, remove, password
 * change). The not-before is the next whole second: iat has second precision,
 * so a token signed in this very second is covered too (a new login must come
 * a second later).
 */
export class RevokeUserTokens {
  constructor(
    private readonly store: RevocationStore,
    private readonly clock: Clock,
    private readonly policy: RevocationPolicy,
    private readonly observe: RevocationObserver = () => undefined,
  ) {}

  async execute(input: RevokeUserTokensInput): Promise<void> {
    const now = epochSeconds(this.clock.now());
    const notBefore = now + 1;
    await this.store.revokeSubject(input.subject, notBefore, notBefore + this.policy.maxTokenLifetimeSeconds);
    // Writes are rare; clearing out entries that cover no valid token here keeps the table small.
    await this.store.purge(now);
    this.observe('subject', { subjects: [{ subject: input.subject, notBefore }], tokens: [] });
  }
}
