import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { normaliseRecoveryCode } from '../../domain/model/RecoveryCode';
import type { SecondFactorMethod, SecondFactorProof } from '../../domain/model/SecondFactor';
import { totpCodeOf } from '../../domain/model/TotpCode';
import type { RecoveryCodeStore } from '../../domain/ports/RecoveryCodeStore';
import type { TotpCodes } from '../../domain/ports/TotpCodes';
import type { TotpSecretStore } from '../../domain/ports/TotpSecretStore';
import type { ProofCheck } from './ProofCheck';

/**
 * A code typed in: six digits are a TOTP code of the user's confirmed
 * enrolment (±1 step, RFC 6238 §5.2; a step at or before the last accepted
 * one is a replay), ten base32 characters an unused recovery code (used up
 * here). Both are `otp` (RFC 8176).
 */
export class CodeProofCheck implements ProofCheck {
  constructor(
    private readonly totp: Pick<TotpSecretStore, 'findTotp' | 'acceptTotpStep'>,
    private readonly codes: Pick<TotpCodes, 'matchStep'>,
    private readonly recovery: Pick<RecoveryCodeStore, 'useRecoveryCode'>,
  ) {}

  async check(user: AuthenticatedUser, proof: SecondFactorProof, at: Date): Promise<SecondFactorMethod | null> {
    if (proof.kind !== 'code') return null;
    const totpCode = totpCodeOf(proof.code);
    if (totpCode !== null) return (await this.totpAccepted(user.id, totpCode, at)) ? 'otp' : null;
    const recoveryCode = normaliseRecoveryCode(proof.code);
    if (recoveryCode === null) return null;
    return (await this.recovery.useRecoveryCode(user.id, recoveryCode, at)) ? 'otp' : null;
  }

  private async totpAccepted(userId: string, code: string, at: Date): Promise<boolean> {
    const enrolment = await this.totp.findTotp(userId);
    if (enrolment === null || !enrolment.confirmed) return false;
    const step = this.codes.matchStep(enrolment.secret, code, at);
    if (step === null || !isAfter(step, enrolment.lastStep)) return false;
    // The store accepts the step only if no one accepted it (or a later one) meanwhile: one use across instances.
    return this.totp.acceptTotpStep(userId, step);
  }
}

export function isAfter(step: number, lastStep: number | null): boolean {
  return lastStep === null || step > lastStep;
}
