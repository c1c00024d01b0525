import type { SecondFactorKind } from '../../domain/model/SecondFactor';
import type { UserSummary } from '../../domain/model/UserAccount';
import type { SecondFactorStore } from '../../domain/ports/SecondFactorStore';
import type { UserRepository } from '../../domain/ports/UserRepository';
import { userListings } from './userListings';

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
    return userListings(await this.users.list(), this.factors);
  }
}
