import type { AuthenticatedUser } from '../../src/domain/model/AuthenticatedUser';
import type { UserAuthenticator } from '../../src/domain/ports/UserAuthenticator';

/** Answers every login with one user, or rejects every login with one error. */
export class FixedUserAuthenticator implements UserAuthenticator {
  readonly attempts: Array<{ username: string; password: string }> = [];

  constructor(private readonly outcome: AuthenticatedUser | Error) {}

  async authenticate(username: string, password: string): Promise<AuthenticatedUser> {
    this.attempts.push({ username, password });
    if (this.outcome instanceof Error) throw this.outcome;
    return this.outcome;
  }
}
