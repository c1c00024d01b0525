import type { Authentication } from '../../src/domain/model/AuthenticationLevel';
import type { SignInSession, SignInSessionStore } from '../../src/domain/ports/SignInSessionStore';

/**
 * Sign-in sessions in memory, as the SQL adapter: `find` answers only a
 * session not ended and not expired at `now`; `purge` deletes the expired
 * ones. A token that is not a string throws, as the adapter's digest would.
 */
export class InMemorySignInSessionStore implements SignInSessionStore {
  readonly sessions = new Map<string, SignInSession & { ended: boolean }>();
  /** Session clients by `sid|client`, as the adapter's rows. */
  readonly clients = new Map<string, { sid: string; subject: string; clientId: string; expiresAt: number }>();

  async create(token: string, session: SignInSession): Promise<void> {
    this.sessions.set(token, { ...session, ended: false });
  }

  async find(token: string, now: number): Promise<SignInSession | null> {
    assertToken(token);
    const session = this.sessions.get(token);
    if (!session || session.ended || session.expiresAt <= now) return null;
    return {
      user: session.user,
      authTime: session.authTime,
      expiresAt: session.expiresAt,
      ...(session.sid === undefined ? {} : { sid: session.sid }),
      ...(session.authentication === undefined ? {} : { authentication: session.authentication }),
    };
  }

  async raise(token: string, authentication: Authentication, authTime: number): Promise<void> {
    const session = this.sessions.get(token);
    if (session) this.sessions.set(token, { ...session, authentication, authTime });
  }

  async end(token: string): Promise<void> {
    assertToken(token);
    const session = this.sessions.get(token);
    if (session) this.sessions.set(token, { ...session, ended: true });
    for (const [key, row] of this.clients) if (session?.sid !== undefined && row.sid === session.sid) this.clients.delete(key);
  }

  async endSid(subject: string, sid: string): Promise<boolean> {
    let ended = false;
    for (const [token, session] of this.sessions) {
      if (session.user.id === subject && session.sid === sid && !session.ended) {
        this.sessions.set(token, { ...session, ended: true });
        ended = true;
      }
    }
    for (const [key, row] of this.clients) if (row.subject === subject && row.sid === sid) this.clients.delete(key);
    return ended;
  }

  async addClient(sid: string, subject: string, clientId: string, expiresAt: number): Promise<void> {
    if (!this.clients.has(`${sid}|${clientId}`)) this.clients.set(`${sid}|${clientId}`, { sid, subject, clientId, expiresAt });
  }

  async clientsOf(sid: string): Promise<readonly string[]> {
    assertToken(sid);
    return [...this.clients.values()].filter((row) => row.sid === sid).map((row) => row.clientId);
  }

  async clientsOfSubject(subject: string): Promise<readonly { sid: string; clientId: string }[]> {
    return [...this.clients.values()].filter((row) => row.subject === subject).map(({ sid, clientId }) => ({ sid, clientId }));
  }

  async sessionsOfSubject(subject: string, now: number): Promise<readonly SignInSession[]> {
    return [...this.sessions.values()]
      .filter((session) => session.user.id === subject && !session.ended && session.expiresAt > now)
      .map(({ ended: _ended, ...session }) => session)
      .sort((a, b) => a.authTime - b.authTime || a.expiresAt - b.expiresAt);
  }

  async revokeSubject(subject: string): Promise<void> {
    for (const [token, session] of this.sessions) if (session.user.id === subject) this.sessions.set(token, { ...session, ended: true });
    for (const [key, row] of this.clients) if (row.subject === subject) this.clients.delete(key);
  }

  async purge(now: number): Promise<number> {
    let purged = 0;
    for (const [token, session] of this.sessions) {
      if (session.expiresAt <= now) {
        this.sessions.delete(token);
        purged++;
      }
    }
    return purged;
  }
}

function assertToken(token: unknown): asserts token is string {
  if (typeof token !== 'string') throw new TypeError(`${String(token)}: the port takes a session token string`);
}
