import type { AuthenticatedUser } from '../model/AuthenticatedUser';
import type { Authentication } from '../model/AuthenticationLevel';

/** A browser's sign-in at the authorization endpoint: later authorizations skip the form until it ends. */
export interface SignInSession {
  readonly user: AuthenticatedUser;
  /** Epoch seconds: when the user signed in (OpenID Connect `auth_time`); 0 when not known (a session from before it was kept). */
  readonly authTime: number;
  /** Epoch seconds. */
  readonly expiresAt: number;
  /**
   * The session's id as relying parties see it (OpenID Connect `sid`, Back-Channel Logout §2.1):
   * random, not the cookie value; absent on sessions from before it was kept.
   */
  readonly sid?: string;
  /** What the sign-in proved (`acr`, `amr`); absent: a password alone (also on rows from before it was kept). */
  readonly authentication?: Authentication;
}

/** Sign-in sessions in the shared store, by the digest of the cookie's random value. */
export interface SignInSessionStore {
  create(token: string, session: SignInSession): Promise<void>;
  /** The live session (not expired at `now`, not ended); null otherwise. */
  find(token: string, now: number): Promise<SignInSession | null>;
  end(token: string): Promise<void>;
  /** Ends the user's session with this sid (the account page names sessions by sid, never by cookie); false when the user has no such session. */
  endSid(subject: string, sid: string): Promise<boolean>;
  /** The live session's user proved more (a second factor, step-up): its authentication and auth_time become these. */
  raise(token: string, authentication: Authentication, authTime: number): Promise<void>;
  /** Records that the session's sign-in issued a code to the client: it is told when the session ends (Back-Channel Logout). */
  addClient(sid: string, subject: string, clientId: string, expiresAt: number): Promise<void>;
  /** The clients a session issued codes to. */
  clientsOf(sid: string): Promise<readonly string[]>;
  /** The user's live sessions' clients, by session (a lock-out tells each of them). */
  clientsOfSubject(subject: string): Promise<readonly { readonly sid: string; readonly clientId: string }[]>;
  /** The user's live sessions (not expired at `now`), oldest sign-in first. */
  sessionsOfSubject(subject: string, now: number): Promise<readonly SignInSession[]>;
  /** Ends every session of the user (disable, passwd, remove). */
  revokeSubject(subject: string, now: number): Promise<void>;
  /** Deletes the sessions expired at `now` (the ones `find` no longer returns); returns how many. */
  purge(now: number): Promise<number>;
}
