import type { SecondFactor } from '../../../domain/model/SecondFactor';
import type { SecondFactorStore } from '../../../domain/ports/SecondFactorStore';
import type { BoundedProcessCache } from './BoundedProcessCache';

/**
 * Which second factors a user holds, as a sign-in asks after the password,
 * kept in this process's cache and dropped when the store announces a change
 * of the user's factors (an enrolment confirmed, a factor removed or reset).
 */
export class CachedSecondFactors implements Pick<SecondFactorStore, 'listOf'> {
  constructor(
    private readonly store: Pick<SecondFactorStore, 'listOf'>,
    private readonly cache: BoundedProcessCache<readonly SecondFactor[]>,
  ) {}

  listOf(userId: string): Promise<readonly SecondFactor[]> {
    return this.cache.read(`factors:${userId}`, () => this.store.listOf(userId));
  }
}
