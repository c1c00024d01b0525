import type { Clock } from '@auth-service/client';
import { authenticationOf, PASSWORD_ONLY, satisfiesAcr } from '../../domain/model/AuthenticationLevel';
import { epochSeconds } from '../../domain/model/epochSeconds';
import { passkeyMethod } from '../../domain/model/Passkey';
import type { SecondFactorMethod } from '../../domain/model/SecondFactor';
import type { PasskeyStore } from '../../domain/ports/PasskeyStore';
import type { SignInSessionStore } from '../../domain/ports/SignInSessionStore';
import type { AccountSession } from './OpenAccountSession';

export interface RaiseAccountSessionInput {
  readonly session: AccountSession;
  /** What the user just proved on the page: a TOTP set-up confirmed by a right code, or a passkey registered with user verification. */
  readonly proved: { readonly kind: 'totp' } | { readonly kind: 'passkey'; readonly factorId: string };
}

/**
 * A factor set up on the account page raises the page's session as the
 * sign-in page's enrolment does (`pwd otp mfa`; a passkey `pwd hwk|swk mfa`):
 * the session now holds what the user's next sign-in will need, so the page
 * stays open to it. A session already at that level or higher keeps its own.
 */
export class RaiseAccountSession {
  constructor(
    private readonly sessions: Pick<SignInSessionStore, 'raise'>,
    private readonly passkeys: Pick<PasskeyStore, 'passkeysOf'>,
    private readonly clock: Clock,
  ) {}

  async execute(input: RaiseAccountSessionInput): Promise<void> {
    const { session, proved } = input;
    let method: SecondFactorMethod = 'otp';
    if (proved.kind === 'passkey') {
      const passkey = (await this.passkeys.passkeysOf(session.user.id)).find((held) => held.factorId === proved.factorId);
      // Removed meanwhile: nothing was proved that the session could keep.
      if (passkey === undefined) return;
      method = passkeyMethod(passkey);
    }
    const raised = authenticationOf(['pwd', method]);
    if (satisfiesAcr((session.authentication ?? PASSWORD_ONLY).acr, raised.acr)) return;
    await this.sessions.raise(session.token, raised, epochSeconds(this.clock.now()));
  }
}
