import type { EndSession } from '../../src/application/oauth/EndSession';
import type { SignInSessionStore } from '../../src/domain/ports/SignInSessionStore';

/** EndSession.signOut for Authorize's tests: ends the sessions in the store and records each call's cookie values. */
export class RecordingSignOut implements Pick<EndSession, 'signOut'> {
  readonly calls: Array<readonly string[]> = [];

  constructor(private readonly sessions: Pick<SignInSessionStore, 'end'>) {}

  async signOut(browserSessions: readonly string[]): Promise<void> {
    this.calls.push([...browserSessions]);
    for (const token of browserSessions) await this.sessions.end(token);
  }
}
