import type { Clock } from '@auth-service/client';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { ACR_PASSWORD, PASSWORD_ONLY, type Authentication } from '../../domain/model/AuthenticationLevel';
import { epochSeconds } from '../../domain/model/epochSeconds';
import type { OAuthClient } from '../../domain/model/OAuthClient';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import type { SecretGenerator } from '../../domain/ports/SecretGenerator';
import type { SignInSessionStore } from '../../domain/ports/SignInSessionStore';
import type { Interactions } from '../interaction/Interactions';
import type { Login, LoginInput } from '../login/Login';
import type { EndSession } from '../oauth/EndSession';
import { factorRefusalOf, type FactorRefusal, type SecondFactorStep } from '../secondFactor/SecondFactorStep';

/** The page the device flow shows next: the approval, the second factor (again, with why), or none it can show (enrolment is the sign-in page's). */
export type DeviceStep =
  | { readonly kind: 'device'; readonly uid: string; readonly user: AuthenticatedUser }
  | { readonly kind: 'second_factor'; readonly uid: string; readonly user: AuthenticatedUser; readonly refusal?: FactorRefusal }
  | { readonly kind: 'enrol_factor'; readonly user: AuthenticatedUser };

export interface DeviceSignedIn {
  readonly next: DeviceStep;
  /** The new sign-in session's cookie value; null when sessions are off. */
  readonly sessionToken: string | null;
}

/**
 * The sign-in of the device page, without an authorization request: the
 * same login and limits, the same sign-in session the authorization endpoint
 * remembers (a new one ends the browser's previous ones), the same second
 * factor where the user or the client's `--require-acr` wants one, and then
 * the approval page, an interaction bound to that session like every other
 * page. A user who must first enrol a factor is sent to do so elsewhere.
 */
export class DeviceSignIn {
  constructor(
    private readonly sessions: SignInSessionStore,
    private readonly login: Pick<Login, 'authenticate'>,
    private readonly interactions: Pick<Interactions, 'start' | 'consume'>,
    private readonly previousSessions: Pick<EndSession, 'signOut'>,
    private readonly secondFactor: Pick<SecondFactorStep, 'needed' | 'prove'>,
    private readonly secrets: SecretGenerator,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly sessionSeconds: number,
  ) {}

  /** The browser's live sign-in session, if any: the approval page or the second factor it still needs; null: the form. */
  async resume(client: OAuthClient, sessionToken: string | undefined): Promise<DeviceStep | null> {
    if (sessionToken === undefined) return null;
    const session = await this.sessions.find(sessionToken, this.now());
    if (session === null) return null;
    return this.after(client, session.user, session.authTime, sessionToken, session.authentication ?? PASSWORD_ONLY);
  }

  /** Signs the user in (InvalidCredentialsError, limits as at login), ending the browser's previous sessions. */
  async signIn(client: OAuthClient, credentials: LoginInput, previous: readonly string[]): Promise<DeviceSignedIn> {
    const user = await this.login.authenticate({ ...credentials, client: client.id });
    await this.previousSessions.signOut(previous);
    const now = this.now();
    let sessionToken: string | null = null;
    if (this.sessionSeconds > 0) {
      sessionToken = this.secrets.next();
      await this.sessions.create(sessionToken, { user, authTime: now, expiresAt: now + this.sessionSeconds, sid: this.ids.next(), authentication: PASSWORD_ONLY });
      await this.sessions.purge(now);
    }
    return { next: await this.after(client, user, now, sessionToken, PASSWORD_ONLY), sessionToken };
  }

  /** The second-factor page's answer: used up, the code checked under the login limits; right, the session is raised. */
  async proveSecondFactor(client: OAuthClient, answer: { uid: string; session: string | null; code: string; address?: string }): Promise<DeviceStep> {
    const page = await this.interactions.consume({ uid: answer.uid, session: answer.session, kind: 'second_factor', clientId: client.id });
    let authentication: Authentication;
    try {
      authentication = await this.secondFactor.prove(page.user, answer.code, answer.address);
    } catch (error) {
      const refusal = factorRefusalOf(error);
      if (refusal === null) throw error;
      const uid = await this.interactions.start({ kind: 'second_factor', session: answer.session, user: page.user, clientId: client.id, authTime: page.authTime });
      return { kind: 'second_factor', uid, user: page.user, refusal };
    }
    const now = this.now();
    if (answer.session !== null) await this.sessions.raise(answer.session, authentication, now);
    return this.page('device', client, page.user, now, answer.session, authentication);
  }

  private async after(client: OAuthClient, user: AuthenticatedUser, authTime: number, session: string | null, authentication: Authentication): Promise<DeviceStep> {
    const needed = await this.secondFactor.needed(user, authentication, client.requireAcr ?? ACR_PASSWORD);
    if (needed === 'enrol_factor') return { kind: 'enrol_factor', user };
    return this.page(needed ?? 'device', client, user, authTime, session, authentication);
  }

  private async page(kind: 'device' | 'second_factor', client: OAuthClient, user: AuthenticatedUser, authTime: number, session: string | null, authentication: Authentication): Promise<DeviceStep> {
    const uid = await this.interactions.start({ kind, session, user, clientId: client.id, authTime, authentication });
    return { kind, uid, user };
  }

  private now(): number {
    return epochSeconds(this.clock.now());
  }
}
