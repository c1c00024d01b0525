import { factorKindsOf, type SecondFactorKind } from '../../domain/model/SecondFactor';
import { summaryOf, type UserSummary } from '../../domain/model/UserAccount';
import type { SecondFactorStore } from '../../domain/ports/SecondFactorStore';
import type { UserRepository } from '../../domain/ports/UserRepository';

/** A user as listed: the summary and the kinds of second factor held (never a secret). */
export type UserListing = UserSummary & { readonly secondFactors: readonly SecondFactorKind[] };

export type ListUsersResult = UserListing[];

/** Every user, ordered by account, without password hashes, with the kinds of second factor each holds. */
export class ListUsers {
  constructor(
    private readonly users: UserRepository,
    private readonly factors: Pick<SecondFactorStore, 'listOfUsers'>,
  ) {}

  async execute(): Promise<ListUsersResult> {
    const users = await this.users.list();
    const factors = await this.factors.listOfUsers(users.map((user) => user.id));
    return users.map((user) => {
      const held = factors.get(user.id);
      return { ...summaryOf(user), secondFactors: held === undefined ? [] : factorKindsOf(held) };
    });
  }
}
