import type { Clock } from '@auth-service/client';
import { AccountSessionNotFoundError } from '../../domain/accountErrors';
import { epochSeconds } from '../../domain/model/epochSeconds';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { SignInSession, SignInSessionStore } from '../../domain/ports/SignInSessionStore';
import type { BackchannelLogout } from '../logout/BackchannelLogout';
import type { AccountSession } from './OpenAccountSession';

export interface EndAccountSessionsInput {
  readonly session: AccountSession;
  /** One session by its sid, or every session but the one asking. */
  readonly end: { readonly sid: string } | 'others';
}

/**
 * The account page's "end this session" and "end all other sessions": each
 * ended session's apps are told first (Back-Channel Logout) while it still
 * names them, then it is deleted from the shared store (every instance
 * forgets it). The asking session is never one of them (signing out ends it).
 * Answers how many ended; AccountSessionNotFoundError for a sid that is not another live session of the user.
 */
export class EndAccountSessions {
  constructor(
    private readonly sessions: Pick<SignInSessionStore, 'sessionsOfSubject' | 'endSid'>,
    private readonly logouts: Pick<BackchannelLogout, 'sessionEnded'>,
    private readonly clock: Clock,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: EndAccountSessionsInput): Promise<number> {
    const { user, sid: current } = input.session;
    const others = (await this.sessions.sessionsOfSubject(user.id, epochSeconds(this.clock.now()))).filter(
      (session): session is SignInSession & { sid: string } => session.sid !== undefined && session.sid !== current,
    );
    const { end } = input;
    const targets = end === 'others' ? others : others.filter((session) => session.sid === end.sid);
    if (end !== 'others' && targets.length === 0) throw new AccountSessionNotFoundError('no such session of the user');
    let ended = 0;
    for (const session of targets) {
      await this.logouts.sessionEnded(session);
      if (await this.sessions.endSid(user.id, session.sid)) ended++;
      this.trail.record({ type: 'session.ended', outcome: 'success', account: user.account, client: null, details: { subject: user.id, sid: session.sid, by: 'account_page' } });
    }
    return ended;
  }
}
