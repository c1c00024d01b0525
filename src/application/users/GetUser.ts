import { UserNotFoundError } from '../../domain/errors';
import type { SecondFactorStore } from '../../domain/ports/SecondFactorStore';
import type { UserRepository } from '../../domain/ports/UserRepository';
import type { UserListing } from './ListUsers';
import { userListings } from './userListings';

export interface GetUserInput {
  /** As typed: look-alikes (`BOB`, `ｂｏｂ`) find `bob`. */
  readonly account: string;
}

/** One user without the password hash, with the kinds of second factor held, as `users list --json` prints it. Throws UserNotFoundError. */
export class GetUser {
  constructor(
    private readonly users: Pick<UserRepository, 'findByAccount'>,
    private readonly factors: Pick<SecondFactorStore, 'listOfUsers'>,
  ) {}

  async execute(input: GetUserInput): Promise<UserListing> {
    const user = await this.users.findByAccount(input.account);
    if (user === null) throw new UserNotFoundError(input.account);
    const [listing] = await userListings([user], this.factors);
    return listing;
  }
}
