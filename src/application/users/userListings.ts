import { factorKindsOf } from '../../domain/model/SecondFactor';
import { summaryOf, type UserAccount } from '../../domain/model/UserAccount';
import type { SecondFactorStore } from '../../domain/ports/SecondFactorStore';
import type { UserListing } from './ListUsers';

/**
 * The users as `users list --json` and the admin API show them: the summary and the kinds of second
 * factor each holds, read in one store call for the lot (never a secret).
 */
export async function userListings(users: readonly UserAccount[], factors: Pick<SecondFactorStore, 'listOfUsers'>): Promise<UserListing[]> {
  const held = await factors.listOfUsers(users.map((user) => user.id));
  return users.map((user) => {
    const factors = held.get(user.id);
    return { ...summaryOf(user), secondFactors: factors === undefined ? [] : factorKindsOf(factors) };
  });
}
