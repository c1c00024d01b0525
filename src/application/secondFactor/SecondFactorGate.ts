import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { authenticationOf, PASSWORD_ONLY, type Authentication } from '../../domain/model/AuthenticationLevel';
import type { SecondFactorPolicy } from '../../domain/model/SecondFactor';
import type { SecondFactorStore } from '../../domain/ports/SecondFactorStore';
import { InvalidSecondFactorError, SecondFactorEnrolmentRequiredError, SecondFactorRequiredError } from '../../domain/secondFactorErrors';
import type { VerifySecondFactor } from './VerifySecondFactor';

/** What a sign-in needs after the right password. */
export type SecondStep = 'none' | 'verify' | 'enrol';

/**
 * The second factor on every path that takes a password, once the password
 * was right: a user without a factor signs in with the password alone (under
 * AUTH_SECOND_FACTOR=required: enrols first, which only the sign-in page
 * offers); a user with one proves it. Paths without a page (the seed login,
 * the password grant) call `withCode`; the sign-in page asks `nextStep`.
 */
export class SecondFactorGate {
  constructor(
    private readonly factors: Pick<SecondFactorStore, 'listOf'>,
    private readonly verify: Pick<VerifySecondFactor, 'execute'>,
    private readonly policy: SecondFactorPolicy,
  ) {}

  /** Whether the user holds a factor to prove, must enrol one, or is done. */
  async nextStep(user: AuthenticatedUser): Promise<SecondStep> {
    if ((await this.factors.listOf(user.id)).length > 0) return 'verify';
    return this.policy === 'required' ? 'enrol' : 'none';
  }

  /**
   * The authentication of a password sign-in that brought `code` (or none):
   * SecondFactorRequiredError when the user holds a factor and the code is
   * absent or wrong, SecondFactorEnrolmentRequiredError when the policy wants
   * one the user lacks; TooManyLoginAttemptsError past the limits.
   */
  async withCode(user: AuthenticatedUser, code: string | undefined, address: string | undefined): Promise<Authentication> {
    const step = await this.nextStep(user);
    if (step === 'enrol') throw new SecondFactorEnrolmentRequiredError();
    if (step === 'none') return PASSWORD_ONLY;
    if (code === undefined) throw new SecondFactorRequiredError('no second factor was sent');
    try {
      const method = await this.verify.execute({ user, proof: { kind: 'code', code }, ...(address === undefined ? {} : { address }) });
      return authenticationOf(['pwd', method]);
    } catch (error) {
      if (error instanceof InvalidSecondFactorError) throw new SecondFactorRequiredError(error.detail);
      throw error;
    }
  }
}
