import { accountKey } from '../../../domain/model/AccountName';
import type { UserAccount } from '../../../domain/model/UserAccount';
import type { UserRepository } from '../../../domain/ports/UserRepository';
import type { BoundedProcessCache } from './BoundedProcessCache';

/**
 * A user's account by id or by account, as a code exchange, a refresh or
 * userinfo asks whether the user is still active, kept in this process's
 * cache and dropped when the store announces a change of the user (status,
 * password, removal). An account not found is not cached: a user added later
 * is seen at once.
 */
export class CachedUserReads implements Pick<UserRepository, 'findByAccount' | 'findById'> {
  constructor(
    private readonly store: Pick<UserRepository, 'findByAccount' | 'findById'>,
    private readonly cache: BoundedProcessCache<UserAccount | null>,
  ) {}

  findByAccount(account: string): Promise<UserAccount | null> {
    return this.cache.read(`account:${accountKey(account)}`, () => this.store.findByAccount(account), found);
  }

  findById(id: string): Promise<UserAccount | null> {
    return this.cache.read(`user:${id}`, () => this.store.findById(id), found);
  }
}

const found = (user: UserAccount | null): boolean => user !== null;
