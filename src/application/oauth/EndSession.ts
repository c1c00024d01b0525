import type { Clock } from '@auth-service/client';
import { DomainError } from '../../domain/errors';
import type { OAuthClient } from '../../domain/model/OAuthClient';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { IdTokenHint, IdTokenHints } from '../../domain/ports/IdTokenHints';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { SignInSession, SignInSessionStore } from '../../domain/ports/SignInSessionStore';
import type { BackchannelLogout } from '../logout/BackchannelLogout';
import { epochSeconds } from '../../domain/model/epochSeconds';

/** An RP-Initiated Logout request (OpenID Connect RP-Initiated Logout §2), or the user's answer to our confirmation page. */
export interface EndSessionInput {
  readonly idTokenHint?: string;
  readonly clientId?: string;
  readonly postLogoutRedirectUri?: string;
  /** The browser's sign-in session cookie values (a duplicate cookie included): the sessions to end. */
  readonly browserSessions: readonly string[];
  /** The user confirmed on our page (its CSRF token checked by the caller): sign out without a hint. */
  readonly confirmedByUser: boolean;
}

export interface EndSessionResult {
  /** `signedOut`: the browser's sessions have ended; `confirm`: nothing ended yet, the user must be asked. */
  readonly outcome: 'signedOut' | 'confirm';
  /** The client the request is identified as coming from (by the hint, or by `client_id`); null when none. */
  readonly clientId: string | null;
  /** That client's registered name, for the confirmation page; null when none. */
  readonly clientName: string | null;
  /** Where to send the browser afterwards: only a URI registered exactly for that client; null for our own page. */
  readonly postLogoutRedirectUri: string | null;
}

/**
 * A logout request we refuse outright (RP-Initiated Logout §4: no redirect,
 * an error page): a `client_id` other than the hint's audience, or a client
 * the registry does not know.
 */
export class LogoutRequestRefusedError extends DomainError {
  readonly code = 'LOGOUT_REQUEST_REFUSED';
}

/**
 * The end_session_endpoint's decisions. A valid `id_token_hint` signs the
 * browser out at once when it was issued from the browser's current sessions:
 * the same user, signed in no later than the hint's `auth_time` and, when the
 * hint names one, the same `sid` (an ID token of an earlier sign-in cannot end
 * a later one with a single GET); otherwise, and without a valid hint, the
 * user is asked first (§2: the OP MUST ask when no hint is given or it does
 * not belong to the signed-in user). Ending a session deletes it from the
 * shared store, so every instance forgets it, and queues a logout token for
 * each client the session issued codes to (Back-Channel Logout); the refresh
 * families its codes started live on: signing out ends the single sign-on,
 * not an app's offline access, which RFC 7009 revocation ends.
 * The post-logout redirect URI is honoured only for an identified client that
 * registered it exactly (§3); any other is dropped, never followed.
 */
export class EndSession {
  constructor(
    private readonly hints: IdTokenHints,
    private readonly clients: Pick<OAuthClientStore, 'find'>,
    private readonly sessions: Pick<SignInSessionStore, 'find' | 'end'>,
    private readonly clock: Clock,
    private readonly logouts: Pick<BackchannelLogout, 'sessionEnded'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: EndSessionInput): Promise<EndSessionResult> {
    const hint = input.idTokenHint === undefined ? null : this.hints.read(input.idTokenHint);
    if (hint !== null && input.clientId !== undefined && input.clientId !== hint.clientId) {
      throw new LogoutRequestRefusedError('client_id does not match the id_token_hint');
    }
    const client = await this.identifiedClient(hint?.clientId ?? input.clientId);
    const result = {
      clientId: client?.id ?? null,
      clientName: client?.name ?? null,
      // Exact string comparison (§3): no normalising, no prefix match.
      postLogoutRedirectUri: client?.postLogoutRedirectUris.find((registered) => registered === input.postLogoutRedirectUri) ?? null,
    };
    const live = await this.liveSessions(input.browserSessions);
    const vouched = hint !== null && live.every((session) => hintFits(hint, session));
    if (!input.confirmedByUser && !vouched) return { outcome: 'confirm', ...result };
    await this.end(input.browserSessions, live, result.clientId);
    return { outcome: 'signedOut', ...result };
  }

  /** The service's own sign-out (`POST /oauth/signout`): the browser's sessions end, their clients are told. */
  async signOut(browserSessions: readonly string[]): Promise<void> {
    await this.end(browserSessions, await this.liveSessions(browserSessions), null);
  }

  /** `clientId`: the app the user signed out from, when the request named one. */
  private async end(tokens: readonly string[], live: readonly SignInSession[], clientId: string | null): Promise<void> {
    for (const session of live) await this.logouts.sessionEnded(session);
    for (const token of tokens) await this.sessions.end(token);
    for (const session of live) {
      this.trail.record({ type: 'session.ended', outcome: 'success', account: session.user.account, client: clientId, details: { subject: session.user.id, sid: session.sid ?? null } });
    }
  }

  private async identifiedClient(clientId: string | undefined): Promise<OAuthClient | null> {
    if (clientId === undefined) return null;
    const client = await this.clients.find(clientId);
    if (client === null) throw new LogoutRequestRefusedError('unknown client');
    return client;
  }

  /** The browser's sessions still live (none live: nothing another user could lose). */
  private async liveSessions(tokens: readonly string[]): Promise<SignInSession[]> {
    const now = epochSeconds(this.clock.now());
    const live = [];
    for (const token of tokens) {
      const session = await this.sessions.find(token, now);
      if (session !== null) live.push(session);
    }
    return live;
  }
}

/** The hint was issued from this session: its user, not before its sign-in, and its `sid` when the hint names one. */
function hintFits(hint: IdTokenHint, session: SignInSession): boolean {
  if (hint.subject !== session.user.id) return false;
  if ((hint.authTime ?? 0) < session.authTime) return false;
  return hint.sid === undefined || hint.sid === session.sid;
}
