import { TooManyLoginAttemptsError } from '../../domain/errors';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { ACR_MFA, authenticationOf, higherAcr, satisfiesAcr, type Acr, type Authentication } from '../../domain/model/AuthenticationLevel';
import { InvalidSecondFactorError } from '../../domain/secondFactorErrors';
import type { ConfirmTotpEnrolment } from './ConfirmTotpEnrolment';
import type { SecondFactorGate } from './SecondFactorGate';
import type { StartTotpEnrolment, StartTotpEnrolmentResult } from './StartTotpEnrolment';
import type { VerifySecondFactor } from './VerifySecondFactor';

/** The page a sign-in needs next: prove a factor held, or enrol one first. */
export type FactorPageKind = 'second_factor' | 'enrol_factor';

/** Why a factor page is shown again: a wrong (replayed, used) code, or past the login limits. */
export interface FactorRefusal {
  readonly error: 'wrong' | 'busy';
  readonly retryAfterSeconds?: number;
}

/**
 * The second factor as the sign-in page asks for it: whether a sign-in that
 * proved `have` still needs a page for the level wanted (a user holding a
 * factor always needs at least mfa; one holding none enrols when more than a
 * password is wanted or AUTH_SECOND_FACTOR=required), and the pages' answers.
 */
export class SecondFactorStep {
  constructor(
    private readonly gate: Pick<SecondFactorGate, 'nextStep'>,
    private readonly verify: Pick<VerifySecondFactor, 'execute'>,
    private readonly start: Pick<StartTotpEnrolment, 'execute'>,
    private readonly confirm: Pick<ConfirmTotpEnrolment, 'execute'>,
  ) {}

  /** The page needed before a code may be issued; null when `have` is enough. */
  async needed(user: AuthenticatedUser, have: Authentication, wanted: Acr): Promise<FactorPageKind | null> {
    const step = await this.gate.nextStep(user);
    const floor = step === 'none' ? wanted : higherAcr(wanted, ACR_MFA);
    if (satisfiesAcr(have.acr, floor)) return null;
    return step === 'verify' ? 'second_factor' : 'enrol_factor';
  }

  /** The authentication after the password and this code; InvalidSecondFactorError or TooManyLoginAttemptsError otherwise. */
  async prove(user: AuthenticatedUser, code: string, address: string | undefined): Promise<Authentication> {
    const method = await this.verify.execute({ user, proof: { kind: 'code', code }, ...(address === undefined ? {} : { address }) });
    return authenticationOf(['pwd', method]);
  }

  /** The authentication after the password and a passkey assertion asked for on the page `interactionId` (hwk or swk, phishing-resistant). */
  async provePasskey(user: AuthenticatedUser, interactionId: string, response: unknown, address: string | undefined): Promise<Authentication> {
    const proof = { kind: 'passkey' as const, assertion: { interactionId, response } };
    const method = await this.verify.execute({ user, proof, ...(address === undefined ? {} : { address }) });
    return authenticationOf(['pwd', method]);
  }

  /** The enrolment to show: the one pending (the app may have scanned it already), else a new one. */
  startEnrolment(user: AuthenticatedUser): Promise<StartTotpEnrolmentResult> {
    return this.start.execute({ user, keepPending: true });
  }

  /** Confirms the enrolment; answers the authentication it gives the sign-in and the recovery codes to show once. */
  async confirmEnrolment(user: AuthenticatedUser, code: string, address: string | undefined): Promise<{ authentication: Authentication; recoveryCodes: readonly string[] | null }> {
    const { recoveryCodes } = await this.confirm.execute({ user, code, ...(address === undefined ? {} : { address }) });
    return { authentication: authenticationOf(['pwd', 'otp']), recoveryCodes };
  }
}

/** A refusal the factor page shows itself (the page again); null for anything else. */
export function factorRefusalOf(error: unknown): FactorRefusal | null {
  if (error instanceof InvalidSecondFactorError) return { error: 'wrong' };
  if (error instanceof TooManyLoginAttemptsError) return { error: 'busy', retryAfterSeconds: error.retryAfterSeconds };
  return null;
}
