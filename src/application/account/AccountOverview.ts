import type { Clock } from '@auth-service/client';
import { epochSeconds } from '../../domain/model/epochSeconds';
import type { SecondFactor } from '../../domain/model/SecondFactor';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { ConsentStore } from '../../domain/ports/ConsentStore';
import type { RecoveryCodeStore } from '../../domain/ports/RecoveryCodeStore';
import type { SecondFactorStore } from '../../domain/ports/SecondFactorStore';
import type { SignInSessionStore } from '../../domain/ports/SignInSessionStore';
import type { AccountSession } from './OpenAccountSession';

/** One live sign-in session of the user, as the account page lists it: never its cookie value. */
export interface AccountSessionSummary {
  readonly sid: string | null;
  /** When the user signed in; null when not known. */
  readonly signedInAt: Date | null;
  readonly expiresAt: Date;
  /** The session the page is shown in. */
  readonly current: boolean;
}

/** An app the user approved, by the name it registered (its id when it has none). */
export interface AccountConsent {
  readonly clientId: string;
  readonly name: string;
  readonly scopes: readonly string[];
}

export interface AccountOverviewResult {
  readonly factors: readonly SecondFactor[];
  readonly recoveryCodesLeft: number;
  readonly sessions: readonly AccountSessionSummary[];
  readonly consents: readonly AccountConsent[];
}

/** What the account page shows its user: second factors, recovery codes left, live sessions (the current one marked), approved apps. */
export class AccountOverview {
  constructor(
    private readonly factors: Pick<SecondFactorStore, 'listOf'>,
    private readonly recovery: Pick<RecoveryCodeStore, 'recoveryCodesLeft'>,
    private readonly sessions: Pick<SignInSessionStore, 'sessionsOfSubject'>,
    private readonly consents: Pick<ConsentStore, 'listOfSubject'>,
    private readonly clients: Pick<OAuthClientStore, 'find'>,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly session: AccountSession }): Promise<AccountOverviewResult> {
    const { user, sid } = input.session;
    const live = await this.sessions.sessionsOfSubject(user.id, epochSeconds(this.clock.now()));
    const consents: AccountConsent[] = [];
    for (const consent of await this.consents.listOfSubject(user.id)) {
      const client = await this.clients.find(consent.clientId);
      consents.push({ clientId: consent.clientId, name: client?.name ?? consent.clientId, scopes: consent.scopes });
    }
    return {
      factors: await this.factors.listOf(user.id),
      recoveryCodesLeft: await this.recovery.recoveryCodesLeft(user.id),
      sessions: live.map((session) => ({
        sid: session.sid ?? null,
        signedInAt: session.authTime === 0 ? null : new Date(session.authTime * 1000),
        expiresAt: new Date(session.expiresAt * 1000),
        current: session.sid === sid,
      })),
      consents,
    };
  }
}
