import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { SecondFactorMethod, SecondFactorProof } from '../../domain/model/SecondFactor';

/**
 * One way of proving a second factor (codes typed in, a passkey assertion):
 * VerifySecondFactor asks each in turn. A check that does not handle the
 * proof's kind, or finds it wrong, answers null; it consumes what it accepts
 * (a TOTP step, a recovery code, a passkey's counter), so no proof counts twice.
 */
export interface ProofCheck {
  check(user: AuthenticatedUser, proof: SecondFactorProof, at: Date): Promise<SecondFactorMethod | null>;
}
