import { UserNotFoundError } from '../../domain/errors';
import { summaryOf, type UserSummary } from '../../domain/model/UserAccount';
import type { UserRepository } from '../../domain/ports/UserRepository';

export interface GetUserInput {
  /** As typed: look-alikes (`BOB`, `ｂｏｂ`) find `bob`. */
  readonly account: string;
}

/** One user without the password hash, as `users list --json` prints it. Throws UserNotFoundError. */
export class GetUser {
  constructor(private readonly users: Pick<UserRepository, 'findByAccount'>) {}

  async execute(input: GetUserInput): Promise<UserSummary> {
    const user = await this.users.findByAccount(input.account);
    if (user === null) throw new UserNotFoundError(input.account);
    return summaryOf(user);
  }
}
