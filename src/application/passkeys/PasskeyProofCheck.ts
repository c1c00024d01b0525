import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { passkeyMethod } from '../../domain/model/Passkey';
import type { SecondFactorMethod, SecondFactorProof } from '../../domain/model/SecondFactor';
import type { ProofCheck } from '../secondFactor/ProofCheck';
import { passkeyAssertionOf, type PasskeyAssertionCheck } from './PasskeyAssertionCheck';

/**
 * A passkey as the second factor, after the password: the assertion must be
 * by a passkey of the user the password vouched for. Answers `hwk` or `swk`.
 */
export class PasskeyProofCheck implements ProofCheck {
  constructor(private readonly assertions: Pick<PasskeyAssertionCheck, 'check'>) {}

  async check(user: AuthenticatedUser, proof: SecondFactorProof, at: Date): Promise<SecondFactorMethod | null> {
    if (proof.kind !== 'passkey') return null;
    const assertion = passkeyAssertionOf(proof.assertion);
    if (assertion === null) return null;
    const passkey = await this.assertions.check(assertion, at, { userId: user.id, requireUserVerified: false });
    return passkey === null ? null : passkeyMethod(passkey);
  }
}
