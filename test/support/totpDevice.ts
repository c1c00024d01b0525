import type { Clock } from '@auth-service/client';
import { TOTP, URI } from 'otpauth';
import type { ConfirmTotpEnrolment } from '../../src/application/secondFactor/ConfirmTotpEnrolment';
import type { StartTotpEnrolment } from '../../src/application/secondFactor/StartTotpEnrolment';
import type { AuthenticatedUser } from '../../src/domain/model/AuthenticatedUser';
import type { UserRepository } from '../../src/domain/ports/UserRepository';
import { authenticatedUserOf } from '../../src/domain/model/UserAccount';
import type { AuthServer } from '../../src/interfaces/composition/authServerAssembly';
import { TYPES } from '../../src/interfaces/composition/types';

/** An authenticator app holding what an enrolment page showed: it computes codes from the `otpauth://` URI alone. */
export class TotpDevice {
  private readonly totp: TOTP;

  constructor(readonly uri: string) {
    const parsed = URI.parse(uri);
    if (!(parsed instanceof TOTP)) throw new Error(`not a TOTP URI: ${uri}`);
    this.totp = parsed;
  }

  /** The code at `at` plus `steps` time steps (30 s each). */
  code(at: Date, steps = 0): string {
    return this.totp.generate({ timestamp: at.getTime() + steps * 30_000 });
  }
}

export interface EnrolledTotp {
  readonly device: TotpDevice;
  readonly recoveryCodes: readonly string[];
}

/**
 * Enrols a TOTP factor for a stored user through the service's own use cases
 * (as the sign-in page does), confirming with the device's code one step
 * ahead, so the current step is still free for the test's first sign-in.
 */
export async function enrolTotpOn(auth: AuthServer, account: string, clock: Clock): Promise<EnrolledTotp> {
  const { container } = auth;
  const stored = await container.get<UserRepository>(TYPES.UserRepository).findByAccount(account);
  if (stored === null) throw new Error(`no user ${account}`);
  const user: AuthenticatedUser = authenticatedUserOf(stored);
  const started = await container.get<StartTotpEnrolment>(TYPES.StartTotpEnrolment).execute({ user });
  const device = new TotpDevice(started.uri);
  const confirmed = await container.get<ConfirmTotpEnrolment>(TYPES.ConfirmTotpEnrolment).execute({ user, code: device.code(clock.now(), -1) });
  return { device, recoveryCodes: confirmed.recoveryCodes ?? [] };
}
