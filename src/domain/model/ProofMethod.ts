import { normaliseRecoveryCode } from './RecoveryCode';
import type { SecondFactorProof } from './SecondFactor';
import { totpCodeOf } from './TotpCode';

/** What kind of proof a second-factor attempt was, as the audit trail names it (never the code itself). */
export type ProofMethod = 'totp' | 'recovery_code' | 'passkey';

/**
 * The kind of a proof by its shape, as CodeProofCheck tells them apart: six
 * digits are a TOTP code, ten base32 characters a recovery code; null for a
 * code of neither shape (no factor could accept it).
 */
export function proofMethodOf(proof: SecondFactorProof): ProofMethod | null {
  if (proof.kind === 'passkey') return 'passkey';
  if (totpCodeOf(proof.code) !== null) return 'totp';
  return normaliseRecoveryCode(proof.code) === null ? null : 'recovery_code';
}
