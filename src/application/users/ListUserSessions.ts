import type { Clock } from '@auth-service/client';
import { UserNotFoundError } from '../../domain/errors';
import { epochSeconds } from '../../domain/model/epochSeconds';
import type { SignInSessionStore } from '../../domain/ports/SignInSessionStore';
import type { UserRepository } from '../../domain/ports/UserRepository';

export interface ListUserSessionsInput {
  readonly account: string;
}

/** A live sign-in session as an operator sees it: never the cookie value or its digest. */
export interface UserSessionSummary {
  /** The session's OpenID Connect `sid`; null on sessions from before it was kept. */
  readonly sid: string | null;
  /** When the user signed in; null when not known. */
  readonly authTime: Date | null;
  readonly expiresAt: Date;
  /** The clients the session issued codes to (told by Back-Channel Logout when it ends). */
  readonly clients: readonly string[];
}

/** The user's live sign-in sessions at the authorization endpoint, oldest first. Throws UserNotFoundError. */
export class ListUserSessions {
  constructor(
    private readonly users: Pick<UserRepository, 'findByAccount'>,
    private readonly sessions: Pick<SignInSessionStore, 'sessionsOfSubject' | 'clientsOfSubject'>,
    private readonly clock: Clock,
  ) {}

  async execute(input: ListUserSessionsInput): Promise<readonly UserSessionSummary[]> {
    const user = await this.users.findByAccount(input.account);
    if (user === null) throw new UserNotFoundError(input.account);
    const live = await this.sessions.sessionsOfSubject(user.id, epochSeconds(this.clock.now()));
    const clients = await this.sessions.clientsOfSubject(user.id);
    return live.map((session) => ({
      sid: session.sid ?? null,
      authTime: session.authTime === 0 ? null : new Date(session.authTime * 1000),
      expiresAt: new Date(session.expiresAt * 1000),
      // A session without a sid issued no code to a recorded client: no client row names it.
      clients: clients.filter((client) => client.sid === session.sid).map((client) => client.clientId),
    }));
  }
}
