import { NoSecondFactorError } from '../../domain/accountErrors';
import type { SecondFactorStore } from '../../domain/ports/SecondFactorStore';
import type { GenerateRecoveryCodes } from '../secondFactor/GenerateRecoveryCodes';
import type { AccountSession } from './OpenAccountSession';

/** New recovery codes from the account page (the earlier ones stop working), shown once; only for a user holding a factor (NoSecondFactorError). */
export class RegenerateRecoveryCodes {
  constructor(
    private readonly factors: Pick<SecondFactorStore, 'listOf'>,
    private readonly generate: Pick<GenerateRecoveryCodes, 'execute'>,
  ) {}

  async execute(input: { readonly session: AccountSession }): Promise<readonly string[]> {
    const { user } = input.session;
    if ((await this.factors.listOf(user.id)).length === 0) throw new NoSecondFactorError('recovery codes stand in for a factor; the user holds none');
    return this.generate.execute({ user });
  }
}
