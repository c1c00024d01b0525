import type { Clock } from '@auth-service/client';
import { UserNotFoundError } from '../../domain/errors';
import { epochSeconds } from '../../domain/model/epochSeconds';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { SignInSessionStore } from '../../domain/ports/SignInSessionStore';
import type { UserRepository } from '../../domain/ports/UserRepository';
import type { BackchannelLogout } from '../logout/BackchannelLogout';

export interface EndUserSessionsInput {
  readonly account: string;
}

export interface EndUserSessionsResult {
  /** Live sessions ended. */
  readonly ended: number;
}

/**
 * Signs a user out of every browser (the authorization endpoint asks for the password again, on
 * every instance: the sessions are in the shared store); the clients those sessions issued codes
 * to are told first (Back-Channel Logout), while the sessions still name them. Tokens already
 * issued live on: disabling the user or changing its password revokes those. Throws UserNotFoundError.
 */
export class EndUserSessions {
  constructor(
    private readonly users: Pick<UserRepository, 'findByAccount'>,
    private readonly sessions: Pick<SignInSessionStore, 'sessionsOfSubject' | 'revokeSubject'>,
    private readonly logouts: Pick<BackchannelLogout, 'sessionEnded'>,
    private readonly clock: Clock,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: EndUserSessionsInput): Promise<EndUserSessionsResult> {
    const user = await this.users.findByAccount(input.account);
    if (user === null) throw new UserNotFoundError(input.account);
    const now = epochSeconds(this.clock.now());
    const live = await this.sessions.sessionsOfSubject(user.id, now);
    for (const session of live) await this.logouts.sessionEnded(session);
    await this.sessions.revokeSubject(user.id, now);
    this.trail.record({ type: 'session.ended', outcome: 'success', account: user.account, client: null, details: { subject: user.id, sessions: live.length } });
    return { ended: live.length };
  }
}
