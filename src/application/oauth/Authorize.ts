import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { accessWithin, type GrantedAccess, type RequestedAccess } from '../../domain/model/GrantedAccess';
import type { OAuthClient } from '../../domain/model/OAuthClient';
import { UnauthorizedClientError, UntrustedRedirectError } from '../../domain/grantErrors';
import type { AuthorizationCodeStore } from '../../domain/ports/AuthorizationCodeStore';
import type { Clock } from '@auth-service/client';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { SecretGenerator } from '../../domain/ports/SecretGenerator';
import type { SignInSessionStore } from '../../domain/ports/SignInSessionStore';
import type { Prompt } from '../../domain/model/Prompt';
import type { ConsentGate } from '../consent/ConsentGate';
import type { ConsentReason } from '../consent/consentPrompt';
import type { Login, LoginInput } from '../login/Login';
import { epochSeconds } from '../revocation/RevocationPolicy';
import { loginReason, type LoginReason } from './prompts/loginPrompt';

/** A checked authorization request (RFC 6749 §4.1.1 with RFC 7636's S256 challenge). */
export interface AuthorizationRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  /** The scopes and resources granted (grantedAccess): what the code's tokens are for. */
  readonly granted: GrantedAccess;
  /** OpenID Connect `nonce`, echoed in the code's ID token. */
  readonly nonce?: string;
  /** OpenID Connect `max_age` in seconds: a remembered sign-in older than this does not count (§3.1.2.1). */
  readonly maxAge?: number;
  /** OpenID Connect `prompt` values (promptsOf); none given is the empty list. */
  readonly prompts?: readonly Prompt[];
}

export interface AuthorizePolicy {
  /** Lifetime of a code: RFC 6749 §4.1.2 recommends at most 10 minutes; we keep it at 60 s. */
  readonly codeSeconds: number;
  /** How long a sign-in is remembered; 0 remembers nothing. */
  readonly sessionSeconds: number;
}

/** The user must approve the request first (the consent page): who, signed in when, and why. */
export interface ConsentNeeded {
  readonly kind: 'consent';
  readonly reason: ConsentReason;
  readonly user: AuthenticatedUser;
  readonly authTime: number;
}

/** A code for the redirect URI. */
export interface CodeIssued {
  readonly kind: 'code';
  readonly code: string;
}

/** The sign-in form must be shown, and why. */
export interface LoginNeeded {
  readonly kind: 'login';
  readonly reason: LoginReason;
}

/** What the endpoint does next with a request and the browser's sign-in session. */
export type Interaction = CodeIssued | LoginNeeded | ConsentNeeded;

export interface SignedIn {
  /** A code, or the consent the signed-in user must give before one. */
  readonly next: CodeIssued | ConsentNeeded;
  /** The new sign-in session's cookie value; null when sessions are off. */
  readonly sessionToken: string | null;
}

/**
 * The authorization endpoint's decisions: which client and redirect URI may
 * be answered at all (exact match with a registered one, else
 * UntrustedRedirectError), whether a remembered sign-in lets the request
 * through without the form (prompts/loginPrompt.ts), the sign-in itself (the
 * login use case: same users, same limits), and whether the user must approve
 * the client first (ConsentGate). Each success issues a single-use code bound
 * to client, redirect URI and challenge, kept as a digest.
 */
export class Authorize {
  constructor(
    private readonly clients: Pick<OAuthClientStore, 'find'>,
    private readonly codes: AuthorizationCodeStore,
    private readonly sessions: SignInSessionStore,
    private readonly login: Pick<Login, 'authenticate'>,
    private readonly consent: Pick<ConsentGate, 'reason' | 'approve'>,
    private readonly secrets: SecretGenerator,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly policy: AuthorizePolicy,
  ) {}

  /** The registered client and the redirect URI to answer; without one given, the client's only one. */
  async trustedRedirect(clientId: string | undefined, redirectUri: string | undefined): Promise<{ client: OAuthClient; redirectUri: string }> {
    const client = clientId === undefined ? null : await this.clients.find(clientId);
    if (client === null) throw new UntrustedRedirectError('unknown client');
    if (redirectUri === undefined) {
      if (client.redirectUris.length !== 1) throw new UntrustedRedirectError('redirect_uri is required');
      return { client, redirectUri: client.redirectUris[0] };
    }
    if (!client.redirectUris.includes(redirectUri)) throw new UntrustedRedirectError('redirect_uri is not registered for this client');
    return { client, redirectUri };
  }

  /**
   * UnauthorizedClientError when the client is not registered for the
   * authorization_code grant: asked once its redirect URI is trusted, so the
   * refusal goes there (RFC 6749 §4.1.2.1 `unauthorized_client`), before any sign-in.
   */
  assertMayRequestCodes(client: OAuthClient): void {
    if (!client.grants.includes('authorization_code')) throw new UnauthorizedClientError('authorization_code');
  }

  /**
   * What the request is granted of the client's registered scopes and resources (all of them when it
   * names none); InvalidScopeError or InvalidTargetError, sent to the trusted redirect URI, beyond them.
   */
  grantedAccess(client: OAuthClient, requested: RequestedAccess): GrantedAccess {
    return accessWithin(client, requested);
  }

  /**
   * With the browser's sign-in session: a code for the remembered user, or
   * the consent that user must give first; the sign-in form when the session
   * is absent, ended, expired, older than `max_age` or `prompt` asks for the form.
   */
  async resume(client: OAuthClient, request: AuthorizationRequest, sessionToken: string | undefined): Promise<Interaction> {
    const now = this.now();
    const session = sessionToken ? await this.sessions.find(sessionToken, now) : null;
    if (session === null) return { kind: 'login', reason: 'no_session' };
    const reason = loginReason({ request, session, now });
    if (reason !== null) return { kind: 'login', reason };
    return this.codeOrConsent(client, request, session.user, session.authTime, session.sid);
  }

  /**
   * Signs the user in (InvalidCredentialsError, limits as at login) and
   * issues a code. The browser's previous sessions (`previousSessions`, its
   * cookie values) end on the server: a new sign-in, perhaps as someone
   * else, leaves no older one alive behind the new cookie.
   */
  async signIn(client: OAuthClient, request: AuthorizationRequest, credentials: LoginInput, previousSessions: readonly string[]): Promise<SignedIn> {
    const user = await this.login.authenticate(credentials);
    for (const previous of previousSessions) await this.sessions.end(previous);
    let sessionToken: string | null = null;
    let sid: string | undefined;
    const now = this.now();
    if (this.policy.sessionSeconds > 0) {
      sessionToken = this.secrets.next();
      // The id relying parties see (Back-Channel Logout): random, never the cookie value.
      sid = this.ids.next();
      await this.sessions.create(sessionToken, { user, authTime: now, expiresAt: now + this.policy.sessionSeconds, sid });
      // Expired sessions serve no one: cleared out where they are made, as codes are.
      await this.sessions.purge(now);
    }
    return { next: await this.codeOrConsent(client, request, user, now, sid), sessionToken };
  }

  /**
   * The user approved the request on the consent page: remembered in the
   * shared store for the user, client and scopes, then a code. The caller
   * vouches for who the user is and when they signed in (the consent page's
   * signed form); the browser's session, when still the user's, names the code's `sid`.
   */
  async approve(client: OAuthClient, request: AuthorizationRequest, user: AuthenticatedUser, authTime: number, sessionToken?: string): Promise<string> {
    await this.consent.approve(client, user, request);
    const session = sessionToken ? await this.sessions.find(sessionToken, this.now()) : null;
    return this.issueCode(request, user, authTime, session?.user.id === user.id ? session.sid : undefined);
  }

  /** Signing out: the remembered sign-in ends (tokens already issued live on; RFC 7009 revokes those). */
  async signOut(sessionToken: string | undefined): Promise<void> {
    if (sessionToken) await this.sessions.end(sessionToken);
  }

  private async codeOrConsent(client: OAuthClient, request: AuthorizationRequest, user: AuthenticatedUser, authTime: number, sid: string | undefined): Promise<CodeIssued | ConsentNeeded> {
    const reason = await this.consent.reason(client, user, request);
    if (reason !== null) return { kind: 'consent', reason, user, authTime };
    return { kind: 'code', code: await this.issueCode(request, user, authTime, sid) };
  }

  private async issueCode(request: AuthorizationRequest, user: AuthenticatedUser, authTime: number, sid: string | undefined): Promise<string> {
    const now = this.now();
    const code = this.secrets.next();
    const { clientId, redirectUri, codeChallenge, granted, nonce } = request;
    await this.codes.save(code, {
      clientId,
      redirectUri,
      codeChallenge,
      granted,
      ...(nonce === undefined ? {} : { nonce }),
      user,
      familyId: this.ids.next(),
      issuedAt: now,
      authTime,
      expiresAt: now + this.policy.codeSeconds,
      ...(sid === undefined ? {} : { sid }),
    });
    // The session's end is told to every client it issued codes to (Back-Channel Logout).
    if (sid !== undefined) await this.sessions.addClient(sid, user.id, clientId, now + this.policy.sessionSeconds);
    // Expired codes serve no one: cleared out where they are made (one indexed delete).
    await this.codes.purge(now);
    return code;
  }

  private now(): number {
    return epochSeconds(this.clock.now());
  }
}
