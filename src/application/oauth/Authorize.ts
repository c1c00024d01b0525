import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { OAuthClient } from '../../domain/model/OAuthClient';
import type { AuthorizationCodeStore } from '../../domain/ports/AuthorizationCodeStore';
import type { Clock } from '@auth-service/client';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import type { SecretGenerator } from '../../domain/ports/SecretGenerator';
import type { SignInSessionStore } from '../../domain/ports/SignInSessionStore';
import type { ConsentGate } from '../consent/ConsentGate';
import { consentRequired } from '../consent/consentPrompt';
import type { Interactions } from '../interaction/Interactions';
import type { EndSession } from './EndSession';
import type { Login, LoginInput } from '../login/Login';
import type { SignInWithPasskey, SignInWithPasskeyInput } from '../passkeys/SignInWithPasskey';
import { epochSeconds } from '../../domain/model/epochSeconds';
import { loginReason, loginRequired, type LoginReason } from './prompts/loginPrompt';
import type {
  AfterSignIn,
  AuthorizationRequest,
  CodeIssued,
  ConsentAnswer,
  ConsentNeeded,
  EnrolmentNeeded,
  FactorAnswer,
  FactorEnrolled,
  Interaction,
  LoginNeeded,
  SecondFactorNeeded,
  SignedIn,
} from './authorization/AuthorizationRequest';
import { PASSWORD_ONLY, type Authentication } from '../../domain/model/AuthenticationLevel';
import { factorRefusalOf, type FactorPageKind, type FactorRefusal, type SecondFactorStep } from '../secondFactor/SecondFactorStep';
import { interactionRequired, wantedAcr } from './prompts/levelPrompt';

export interface AuthorizePolicy {
  /** Lifetime of a code: RFC 6749 §4.1.2 recommends at most 10 minutes; we keep it at 60 s. */
  readonly codeSeconds: number;
  /** How long a sign-in is remembered; 0 remembers nothing. */
  readonly sessionSeconds: number;
}

/**
 * The authorization endpoint's interaction, once CheckAuthorizationRequest
 * trusted the redirect URI and checked the request: whether a remembered
 * sign-in lets the request through without the form (prompts/loginPrompt.ts),
 * the sign-in itself (the login use case: same users, same limits), and
 * whether the user must approve the client first (ConsentGate); under
 * prompt=none a needed page is its error instead. Each success issues a
 * single-use code bound to client, redirect URI and challenge (when one was
 * sent), kept as a digest.
 */
export class Authorize {
  constructor(
    private readonly codes: AuthorizationCodeStore,
    private readonly sessions: SignInSessionStore,
    private readonly login: Pick<Login, 'authenticate'>,
    /** A passkey alone from the sign-in page (a discoverable credential, the user verified). */
    private readonly passkeys: Pick<SignInWithPasskey, 'execute'>,
    private readonly consent: Pick<ConsentGate, 'reason' | 'approve'>,
    private readonly interactions: Pick<Interactions, 'start' | 'consume'>,
    /** Ends the browser's previous sessions as signing out does: their apps are told (Back-Channel Logout). */
    private readonly previousSessions: Pick<EndSession, 'signOut'>,
    /** What a sign-in still needs for the level wanted, and the second-factor pages' answers. */
    private readonly secondFactor: Pick<SecondFactorStep, 'needed' | 'prove' | 'provePasskey' | 'startEnrolment' | 'confirmEnrolment'>,
    private readonly secrets: SecretGenerator,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly policy: AuthorizePolicy,
  ) {}

  /**
   * With the browser's sign-in session: a code for the remembered user, or
   * the consent that user must give first; the sign-in form when the session
   * is absent, ended, expired, older than `max_age` or `prompt` asks for the form.
   */
  async resume(client: OAuthClient, request: AuthorizationRequest, sessionToken: string | undefined): Promise<Interaction> {
    const now = this.now();
    const session = sessionToken ? await this.sessions.find(sessionToken, now) : null;
    if (session === null) return loginNeeded(request, 'no_session');
    const reason = loginReason({ request, session, now });
    if (reason !== null) return loginNeeded(request, reason);
    return this.afterSignIn(client, request, session.user, session.authTime, sessionToken!, session.sid, session.authentication ?? PASSWORD_ONLY);
  }

  /**
   * Signs the user in (InvalidCredentialsError, limits as at login) and
   * issues a code. The browser's previous sessions (`previousSessions`, its
   * cookie values) end on the server as at sign-out, their apps told: a new
   * sign-in, perhaps as someone else, leaves no older one alive behind the new cookie.
   */
  async signIn(client: OAuthClient, request: AuthorizationRequest, credentials: LoginInput, previousSessions: readonly string[]): Promise<SignedIn> {
    const user = await this.login.authenticate({ ...credentials, client: client.id });
    // A password alone: afterSignIn asks for more where the user or the request needs it (the session is raised then).
    return this.begin(client, request, user, PASSWORD_ONLY, previousSessions);
  }

  /**
   * Signs the user in with a passkey alone (SignInWithPasskey: the user
   * verified, limits and refusals as a password's) and goes on exactly as
   * after a password and second factor: the session starts at the passkey's
   * level, so no second-factor page follows.
   */
  async signInWithPasskey(client: OAuthClient, request: AuthorizationRequest, input: SignInWithPasskeyInput, previousSessions: readonly string[]): Promise<SignedIn> {
    const { user, authentication } = await this.passkeys.execute({ ...input, client: client.id });
    return this.begin(client, request, user, authentication, previousSessions);
  }

  /** A new sign-in session at `authentication` (the browser's previous ones ended), then the code, consent or the page proving more. */
  private async begin(client: OAuthClient, request: AuthorizationRequest, user: AuthenticatedUser, authentication: Authentication, previousSessions: readonly string[]): Promise<SignedIn> {
    await this.previousSessions.signOut(previousSessions);
    let sessionToken: string | null = null;
    let sid: string | undefined;
    const now = this.now();
    if (this.policy.sessionSeconds > 0) {
      sessionToken = this.secrets.next();
      // The id relying parties see (Back-Channel Logout): random, never the cookie value.
      sid = this.ids.next();
      await this.sessions.create(sessionToken, { user, authTime: now, expiresAt: now + this.policy.sessionSeconds, sid, authentication });
      // Expired sessions serve no one: cleared out where they are made, as codes are.
      await this.sessions.purge(now);
    }
    return { next: await this.afterSignIn(client, request, user, now, sessionToken, sid, authentication), sessionToken };
  }

  /**
   * The second-factor page's answer: the page is used up (Interactions, as
   * the consent page), the code checked under the login limits; a refused
   * code shows the page again (a new one), a right one raises the sign-in
   * session (its auth_time now) and goes on to the code or the consent.
   */
  async proveSecondFactor(client: OAuthClient, request: AuthorizationRequest, answer: FactorAnswer): Promise<AfterSignIn> {
    const page = await this.interactions.consume({ uid: answer.uid, session: answer.session, kind: 'second_factor', clientId: client.id });
    let authentication: Authentication;
    try {
      authentication =
        answer.passkey === undefined
          ? await this.secondFactor.prove(page.user, answer.code, answer.address)
          : await this.secondFactor.provePasskey(page.user, answer.uid, answer.passkey, answer.address);
    } catch (error) {
      const refusal = factorRefusalOf(error);
      if (refusal === null) throw error;
      return this.factorPage('second_factor', client, page.user, page.authTime, answer.session, refusal);
    }
    const { now, sid } = await this.raised(answer.session, authentication);
    return this.afterSignIn(client, request, page.user, now, answer.session, sid, authentication);
  }

  /**
   * The enrolment page's answer: a correct code confirms the TOTP factor and
   * raises the session; the recovery codes are shown once, then the browser
   * asks again (and is let through at the level reached). A refused code
   * shows the same enrolment again.
   */
  async confirmEnrolment(client: OAuthClient, answer: FactorAnswer): Promise<FactorEnrolled | EnrolmentNeeded> {
    const page = await this.interactions.consume({ uid: answer.uid, session: answer.session, kind: 'enrol_factor', clientId: client.id });
    try {
      const { authentication, recoveryCodes } = await this.secondFactor.confirmEnrolment(page.user, answer.code, answer.address);
      await this.raised(answer.session, authentication);
      return { kind: 'enrolled', recoveryCodes };
    } catch (error) {
      const refusal = factorRefusalOf(error);
      if (refusal === null) throw error;
      return this.factorPage('enrol_factor', client, page.user, page.authTime, answer.session, refusal) as Promise<EnrolmentNeeded>;
    }
  }

  /** The session raised to what was proved, now; its sid for the code. */
  private async raised(session: string | null, authentication: Authentication): Promise<{ now: number; sid: string | undefined }> {
    const now = this.now();
    if (session === null) return { now, sid: undefined };
    // Interactions.consume checked that the session is the page's, live, of the page's user.
    await this.sessions.raise(session, authentication, now);
    return { now, sid: (await this.sessions.find(session, now))?.sid };
  }

  /** A code or consent when the sign-in proved enough for the user, client and request; else the page that proves more. */
  private async afterSignIn(
    client: OAuthClient,
    request: AuthorizationRequest,
    user: AuthenticatedUser,
    authTime: number,
    session: string | null,
    sid: string | undefined,
    authentication: Authentication,
  ): Promise<AfterSignIn> {
    const page = await this.secondFactor.needed(user, authentication, wantedAcr(client, request));
    if (page === null) return this.codeOrConsent(client, request, user, authTime, session, sid, authentication);
    // prompt=none: no page may be shown (OpenID Connect Core §3.1.2.6).
    if (promptsNone(request)) throw interactionRequired(page);
    return this.factorPage(page, client, user, authTime, session);
  }

  private async factorPage(
    kind: FactorPageKind,
    client: OAuthClient,
    user: AuthenticatedUser,
    authTime: number,
    session: string | null,
    refusal?: FactorRefusal,
  ): Promise<SecondFactorNeeded | EnrolmentNeeded> {
    const uid = await this.interactions.start({ kind, session, user, clientId: client.id, authTime });
    const refused = refusal === undefined ? {} : { refusal };
    if (kind === 'second_factor') return { kind, user, uid, ...refused };
    return { kind, user, uid, enrolment: await this.secondFactor.startEnrolment(user), ...refused };
  }

  /**
   * The user approved the request on the consent page: the page is used up
   * (Interactions.consume, an InteractionRefusedError unless it may be
   * answered), the approval remembered in the shared store for the user,
   * client and scopes, then a code for the page's sign-in: its auth_time, its
   * session's `sid`, and issued as of the sign-in, so any lock-out since refuses the exchange too.
   */
  async approve(client: OAuthClient, request: AuthorizationRequest, answer: ConsentAnswer): Promise<string> {
    const page = await this.interactions.consume({ ...answer, kind: 'consent', clientId: client.id });
    await this.consent.approve(client, page.user, request);
    const session = answer.session === null ? null : await this.sessions.find(answer.session, this.now());
    const sid = session?.user.id === page.user.id ? session.sid : undefined;
    return this.issueCode(request, page.user, page.authTime, sid, page.authentication ?? PASSWORD_ONLY, page.authTime);
  }

  /** The user denied the request on the consent page: the page is used up as by `approve` (same refusals), nothing remembered. */
  async deny(client: OAuthClient, answer: ConsentAnswer): Promise<void> {
    await this.interactions.consume({ ...answer, kind: 'consent', clientId: client.id });
  }

  /** A code, or the consent page recorded for the sign-in session it is shown in (`session`, null when sessions are off). */
  private async codeOrConsent(
    client: OAuthClient,
    request: AuthorizationRequest,
    user: AuthenticatedUser,
    authTime: number,
    session: string | null,
    sid: string | undefined,
    authentication: Authentication,
  ): Promise<CodeIssued | ConsentNeeded> {
    const reason = await this.consent.reason(client, user, request);
    if (reason !== null) {
      // prompt=none: no page may be shown, the client hears why (OpenID Connect Core §3.1.2.6).
      if (promptsNone(request)) throw consentRequired(reason);
      const uid = await this.interactions.start({ kind: 'consent', session, user, clientId: client.id, authTime, authentication });
      return { kind: 'consent', reason, user, authTime, uid };
    }
    return { kind: 'code', code: await this.issueCode(request, user, authTime, sid, authentication) };
  }

  /** `signedInAt`: the sign-in the code stands for, when older than now (GrantOwners refuses it after a later lock-out). */
  private async issueCode(
    request: AuthorizationRequest,
    user: AuthenticatedUser,
    authTime: number,
    sid: string | undefined,
    authentication: Authentication,
    signedInAt?: number,
  ): Promise<string> {
    const now = this.now();
    const code = this.secrets.next();
    const { clientId, redirectUri, codeChallenge, granted, nonce } = request;
    await this.codes.save(code, {
      clientId,
      redirectUri,
      ...(codeChallenge === undefined ? {} : { codeChallenge }),
      granted,
      ...(nonce === undefined ? {} : { nonce }),
      user,
      familyId: this.ids.next(),
      issuedAt: signedInAt ?? now,
      authTime,
      expiresAt: now + this.policy.codeSeconds,
      ...(sid === undefined ? {} : { sid }),
      authentication,
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

function promptsNone(request: AuthorizationRequest): boolean {
  return request.prompts?.includes('none') ?? false;
}

/** The sign-in form, or under prompt=none `login_required` (OpenID Connect Core §3.1.2.6): decided here, not by the page's router. */
function loginNeeded(request: AuthorizationRequest, reason: LoginReason): LoginNeeded {
  if (promptsNone(request)) throw loginRequired(reason);
  return { kind: 'login', reason };
}
