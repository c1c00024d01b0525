import { keyedPage, type KeyedPage, type PageRequest } from '../../domain/model/KeyedPage';
import { summaryOf, type UserSummary } from '../../domain/model/UserAccount';
import type { UserRepository } from '../../domain/ports/UserRepository';

/** One page of the users, ordered by account, without password hashes (what `users list` prints, a page at a time). */
export class ListUsersPage {
  constructor(private readonly users: Pick<UserRepository, 'listAfter'>) {}

  async execute(input: PageRequest): Promise<KeyedPage<UserSummary>> {
    const rows = await this.users.listAfter(input.after ?? null, input.limit + 1);
    return keyedPage(rows.map(summaryOf), input.limit, (user) => user.account);
  }
}
