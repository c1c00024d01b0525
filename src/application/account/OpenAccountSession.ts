import type { Clock } from '@auth-service/client';
import { AccountSignInNeededError } from '../../domain/accountErrors';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { ACR_PASSWORD, PASSWORD_ONLY, type Authentication } from '../../domain/model/AuthenticationLevel';
import { epochSeconds } from '../../domain/model/epochSeconds';
import type { ActiveUsers } from '../../domain/ports/ActiveUsers';
import type { SignInSessionStore } from '../../domain/ports/SignInSessionStore';
import type { SecondFactorStep } from '../secondFactor/SecondFactorStep';

/** The browser's sign-in session as the account page acts on it. */
export interface AccountSession {
  /** The cookie's value: the session itself. */
  readonly token: string;
  readonly user: AuthenticatedUser;
  /** The session's id (what the session list names and passkey registration is bound to). */
  readonly sid: string;
  /** What the sign-in proved; absent: a password alone. */
  readonly authentication?: Authentication;
}

/**
 * The account page's user: the browser's live sign-in session (the one the
 * authorization endpoint keeps), its user still active in the user store.
 * A session whose user was disabled, removed or replaced since is ended here
 * (the store's word is asked on every request, as grants ask it); a session
 * from before sids were kept is signed in again. A session that has not proved
 * what the user's sign-in needs (a password alone, its second-factor page
 * left unanswered; or no factor under AUTH_SECOND_FACTOR=required) is no way
 * in: the sign-in page asks for the rest. AccountSignInNeededError otherwise.
 */
export class OpenAccountSession {
  constructor(
    private readonly sessions: Pick<SignInSessionStore, 'find' | 'end'>,
    private readonly users: Pick<ActiveUsers, 'isActive'>,
    private readonly factors: Pick<SecondFactorStep, 'needed'>,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly token: string | undefined }): Promise<AccountSession> {
    const { token } = input;
    if (token === undefined) throw new AccountSignInNeededError('no sign-in session');
    const session = await this.sessions.find(token, epochSeconds(this.clock.now()));
    if (session === null) throw new AccountSignInNeededError('the sign-in session has ended');
    if (!(await this.users.isActive(session.user))) {
      await this.sessions.end(token);
      throw new AccountSignInNeededError('the user is no longer active');
    }
    if (session.sid === undefined) throw new AccountSignInNeededError('the sign-in session predates session ids');
    if ((await this.factors.needed(session.user, session.authentication ?? PASSWORD_ONLY, ACR_PASSWORD)) !== null) {
      throw new AccountSignInNeededError('the sign-in has not proved the second factor yet');
    }
    return { token, user: session.user, sid: session.sid, ...(session.authentication === undefined ? {} : { authentication: session.authentication }) };
  }
}
