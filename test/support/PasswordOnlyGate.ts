import type { SecondFactorGate, SecondStep } from '../../src/application/secondFactor/SecondFactorGate';
import type { AuthenticatedUser } from '../../src/domain/model/AuthenticatedUser';
import { PASSWORD_ONLY, type Authentication } from '../../src/domain/model/AuthenticationLevel';

/** A second-factor gate for users who hold none, under the optional policy: the password alone signs in. */
export class PasswordOnlyGate implements Pick<SecondFactorGate, 'nextStep' | 'withCode'> {
  readonly asked: { user: string; code: string | undefined }[] = [];

  async nextStep(): Promise<SecondStep> {
    return 'none';
  }

  async withCode(user: AuthenticatedUser, code: string | undefined): Promise<Authentication> {
    this.asked.push({ user: user.id, code });
    return PASSWORD_ONLY;
  }
}
