import { keyedPage, type KeyedPage, type PageRequest } from '../../domain/model/KeyedPage';
import type { SecondFactorStore } from '../../domain/ports/SecondFactorStore';
import type { UserRepository } from '../../domain/ports/UserRepository';
import type { UserListing } from './ListUsers';
import { userListings } from './userListings';

/** One page of the users, ordered by account, without password hashes, with their second factors' kinds (what `users list --json` prints, a page at a time). */
export class ListUsersPage {
  constructor(
    private readonly users: Pick<UserRepository, 'listAfter'>,
    private readonly factors: Pick<SecondFactorStore, 'listOfUsers'>,
  ) {}

  async execute(input: PageRequest): Promise<KeyedPage<UserListing>> {
    const rows = await this.users.listAfter(input.after ?? null, input.limit + 1);
    return keyedPage(await userListings(rows, this.factors), input.limit, (user) => user.account);
  }
}
