import type { FinishPasskeyRegistration } from '../../src/application/passkeys/FinishPasskeyRegistration';
import type { StartPasskeyRegistration } from '../../src/application/passkeys/StartPasskeyRegistration';
import type { AuthenticatedUser } from '../../src/domain/model/AuthenticatedUser';
import { authenticatedUserOf } from '../../src/domain/model/UserAccount';
import type { UserRepository } from '../../src/domain/ports/UserRepository';
import type { AuthServer } from '../../src/interfaces/composition/authServerAssembly';
import { TYPES } from '../../src/interfaces/composition/types';
import type { SoftwareAuthenticator } from './softwareAuthenticator';

/**
 * Registers `authenticator`'s credential as a passkey of `account` through the
 * service's own ceremony (no page registers one here), for the relying party
 * `origin` (its host the RP ID). Answers the user.
 */
export async function registerPasskeyOn(auth: AuthServer, account: string, authenticator: SoftwareAuthenticator, origin: string): Promise<AuthenticatedUser> {
  const user = authenticatedUserOf((await auth.container.get<UserRepository>(TYPES.UserRepository).findByAccount(account))!);
  const options = (await auth.container.get<StartPasskeyRegistration>(TYPES.StartPasskeyRegistration).execute({ user, sessionId: 'setup' })) as { challenge: string };
  const response = authenticator.register({ challenge: options.challenge, origin, rpId: new URL(origin).hostname });
  await auth.container.get<FinishPasskeyRegistration>(TYPES.FinishPasskeyRegistration).execute({ user, sessionId: 'setup', response, label: 'Laptop' });
  return user;
}
