import { InvalidCredentialsError } from '../../src/domain/errors';
import type { AuthenticatedUser } from '../../src/domain/model/AuthenticatedUser';
import type { UserAuthenticator } from '../../src/domain/ports/UserAuthenticator';
import { STUB_USER } from '../../src/infrastructure/auth/StubUserAuthenticator';

/** Any account logs in with the one right password; every other password is refused (401). */
export class PasswordCheckingAuthenticator implements UserAuthenticator {
  constructor(private readonly rightPassword = 'right') {}

  async authenticate(username: string, password: string): Promise<AuthenticatedUser> {
    if (password !== this.rightPassword) throw new InvalidCredentialsError();
    return { ...STUB_USER, account: username };
  }
}
