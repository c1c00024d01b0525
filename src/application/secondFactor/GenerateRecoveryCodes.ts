import type { Clock } from '@auth-service/client';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { normaliseRecoveryCode, RECOVERY_CODE_COUNT } from '../../domain/model/RecoveryCode';
import type { RecoveryCodeGenerator } from '../../domain/ports/RecoveryCodeGenerator';
import type { RecoveryCodeStore } from '../../domain/ports/RecoveryCodeStore';

/**
 * Ten new recovery codes for the user, replacing every earlier one (used or
 * not): answered once, as `XXXXX-XXXXX`, and kept only as digests.
 */
export class GenerateRecoveryCodes {
  constructor(
    private readonly store: Pick<RecoveryCodeStore, 'replaceRecoveryCodes'>,
    private readonly generator: RecoveryCodeGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly user: AuthenticatedUser }): Promise<readonly string[]> {
    const shown = new Set<string>();
    // A repeat among ten 50-bit codes is next to impossible, but two equal codes would be one.
    while (shown.size < RECOVERY_CODE_COUNT) shown.add(this.generator.next());
    const codes = [...shown];
    await this.store.replaceRecoveryCodes(input.user.id, codes.map((code) => normaliseRecoveryCode(code)!), this.clock.now());
    return codes;
  }
}
