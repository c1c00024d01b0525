import { randomBytes } from 'node:crypto';
import { InvalidCredentialsError } from '../../domain/errors';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { authenticatedUserOf } from '../../domain/model/UserAccount';
import type { Clock } from '@auth-service/client';
import type { PasswordHasher } from '../../domain/ports/PasswordHasher';
import type { UserAuthenticator } from '../../domain/ports/UserAuthenticator';
import type { UserRepository } from '../../domain/ports/UserRepository';

/**
 * Logs users in against the user store. Unknown account, wrong password and
 * disabled user all end in the same InvalidCredentialsError after the same
 * work: an unknown account is checked against a dummy hash made with the
 * current parameters, and a disabled user's password is checked before the
 * status, so response time does not tell which case it was.
 */
export class DatabaseUserAuthenticator implements UserAuthenticator {
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {
    // Made once, up front, so the first unknown account costs no more than later ones.
    this.dummyHash = hasher.hash(randomBytes(32).toString('base64url'));
    this.dummyHash.catch(() => undefined);
  }

  async authenticate(username: string, password: string): Promise<AuthenticatedUser> {
    const user = await this.users.findByAccount(username);
    const passwordMatches = await this.hasher.verify(password, user ? user.passwordHash : await this.dummyHash);
    if (!user) throw new InvalidCredentialsError('unknown_account');
    if (!passwordMatches) throw new InvalidCredentialsError('wrong_password');
    if (user.status !== 'active') throw new InvalidCredentialsError('disabled');
    // Hashes made with older parameters are upgraded while the password is at hand.
    if (this.hasher.needsRehash(user.passwordHash)) {
      await this.users.setPasswordHash(user.account, await this.hasher.hash(password), this.clock.now());
    }
    return authenticatedUserOf(user);
  }
}

