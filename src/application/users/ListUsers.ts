import { summaryOf, type UserSummary } from '../../domain/model/UserAccount';
import type { UserRepository } from '../../domain/ports/UserRepository';

export type ListUsersResult = UserSummary[];

/** Every user, ordered by account, without password hashes. */
export class ListUsers {
  constructor(private readonly users: UserRepository) {}

  async execute(): Promise<ListUsersResult> {
    return (await this.users.list()).map(summaryOf);
  }
}
