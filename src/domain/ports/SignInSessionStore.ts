import type { AuthenticatedUser } from '../model/AuthenticatedUser';

/** A browser's sign-in at the authorization endpoint: later authorizations skip the form until it ends. */
export interface SignInSession {
  readonly user: AuthenticatedUser;
  /** Epoch seconds: when the user signed in (OpenID Connect `auth_time`); 0 when not known (a session from before it was kept). */
  readonly authTime: number;
  /** Epoch seconds. */
  readonly expiresAt: number;
}

/** Sign-in sessions in the shared store, by the digest of the cookie's random value. */
export interface SignInSessionStore {
  create(token: string, session: SignInSession): Promise<void>;
  /** The live session (not expired at `now`, not ended); null otherwise. */
  find(token: string, now: number): Promise<SignInSession | null>;
  end(token: string): Promise<void>;
  /** Ends every session of the user (disable, passwd, remove). */
  revokeSubject(subject: string, now: number): Promise<void>;
  /** Deletes the sessions expired at `now` (the ones `find` no longer returns); returns how many. */
  purge(now: number): Promise<number>;
}
