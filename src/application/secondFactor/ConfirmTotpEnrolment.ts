import type { Clock } from '@auth-service/client';
import { TooManyLoginAttemptsError } from '../../domain/errors';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { totpCodeOf } from '../../domain/model/TotpCode';
import type { PlannedAttemptLimiter } from '../../domain/ports/AttemptLimiter';
import type { RecoveryCodeStore } from '../../domain/ports/RecoveryCodeStore';
import type { TotpCodes } from '../../domain/ports/TotpCodes';
import type { TotpSecretStore } from '../../domain/ports/TotpSecretStore';
import { InvalidSecondFactorError, TotpEnrolmentStateError } from '../../domain/secondFactorErrors';
import { secondFactorAttemptPlan } from '../login/loginAttemptPlan';
import type { GenerateRecoveryCodes } from './GenerateRecoveryCodes';

export interface ConfirmTotpEnrolmentInput {
  readonly user: AuthenticatedUser;
  readonly code: string;
  readonly address?: string;
}

export interface ConfirmTotpEnrolmentResult {
  /** New recovery codes, shown once, when the user had none left; null otherwise. */
  readonly recoveryCodes: readonly string[] | null;
}

/**
 * Confirms the pending TOTP enrolment with a correct code (±1 step), under the
 * account's login limits like every code; the confirming step counts as
 * accepted, so the same code cannot sign in next. A user without recovery
 * codes gets ten here.
 */
export class ConfirmTotpEnrolment {
  constructor(
    private readonly store: Pick<TotpSecretStore, 'findTotp' | 'confirmTotp'>,
    private readonly codes: Pick<TotpCodes, 'matchStep'>,
    private readonly recovery: Pick<RecoveryCodeStore, 'recoveryCodesLeft'>,
    private readonly generate: Pick<GenerateRecoveryCodes, 'execute'>,
    private readonly attempts: PlannedAttemptLimiter,
    private readonly clock: Clock,
  ) {}

  async execute(input: ConfirmTotpEnrolmentInput): Promise<ConfirmTotpEnrolmentResult> {
    const { user } = input;
    const enrolment = await this.store.findTotp(user.id);
    if (enrolment === null || enrolment.confirmed) throw new TotpEnrolmentStateError('no TOTP enrolment is pending');
    const attempt = await this.attempts.attempt(secondFactorAttemptPlan(user.account, input.address));
    if (attempt.retryAfterSeconds !== null) throw new TooManyLoginAttemptsError(attempt.retryAfterSeconds);
    const code = totpCodeOf(input.code);
    const step = code === null ? null : this.codes.matchStep(enrolment.secret, code, this.clock.now());
    if (step === null || !(await this.store.confirmTotp(user.id, enrolment.factorId, step))) {
      throw new InvalidSecondFactorError('the enrolment code is wrong or the enrolment changed');
    }
    await attempt.settle({ giveBack: attempt.counted, remember: false });
    const recoveryCodes = (await this.recovery.recoveryCodesLeft(user.id)) === 0 ? await this.generate.execute({ user }) : null;
    return { recoveryCodes };
  }
}
