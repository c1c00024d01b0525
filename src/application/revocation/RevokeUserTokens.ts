import type { RevocationEntries } from '@auth-service/client';
import type { Clock } from '@auth-service/client';
import type { RefreshTokenStore } from '../../domain/ports/RefreshTokenStore';
import type { RevocationStore } from '../../domain/ports/RevocationStore';
import { epochSeconds } from '../../domain/model/epochSeconds';
import type { RevocationPolicy } from '../../domain/model/RevocationPolicy';

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
 * a second later). The user's refresh-token families, sign-in sessions,
 * authorization codes and consents end with them: no refresh, remembered
 * sign-in, code or approval can mint a new token after it.
 */
export class RevokeUserTokens {
  constructor(
    private readonly store: RevocationStore,
    private readonly clock: Clock,
    private readonly policy: RevocationPolicy,
    private readonly observe: RevocationObserver = () => undefined,
    /** What else the user holds ends too: refresh-token families, sign-in sessions, authorization codes, consents (their access tokens are covered by the subject's entry). */
    private readonly grants: ReadonlyArray<Pick<RefreshTokenStore, 'revokeSubject'>> = [],
  ) {}

  async execute(input: RevokeUserTokensInput): Promise<void> {
    const now = epochSeconds(this.clock.now());
    const notBefore = now + 1;
    await this.store.revokeSubject(input.subject, notBefore, notBefore + this.policy.maxTokenLifetimeSeconds);
    for (const grants of this.grants) await grants.revokeSubject(input.subject, now);
    // Writes are rare; clearing out entries that cover no valid token here keeps the table small.
    await this.store.purge(now);
    this.observe('subject', { subjects: [{ subject: input.subject, notBefore }], tokens: [] });
  }
}
