import { accountKey } from '../../../domain/model/AccountName';
import type { ActiveUsers, UserReference } from '../../../domain/ports/ActiveUsers';
import type { Logger } from '@auth-service/client';
import { MODULE_ANSWER_TIMEOUT_MS, moduleAnswer } from './moduleAnswer';
import type { UserStoreModuleSource } from './UserStoreModuleSource';

/**
 * ActiveUsers of a user-store module: with `findById` exported, the user is
 * active while the module still finds it under the same id and the same
 * account (compared folded, as account names are everywhere here); `null`, or
 * the id now naming another account, means disabled or removed. A module
 * without `findById` cannot tell: its users stay active, and a lock-out reaches
 * their grants only through `npm run users`' revocation (see docs/user-store.md).
 * A throw, no answer in time or a malformed answer is a store outage (503), never a yes.
 */
export class ModuleActiveUsers implements ActiveUsers {
  constructor(
    private readonly source: Pick<UserStoreModuleSource, 'module'>,
    private readonly logger: Logger,
    private readonly timeoutMs = MODULE_ANSWER_TIMEOUT_MS,
  ) {}

  async isActive(user: UserReference): Promise<boolean> {
    const store = await this.source.module();
    const findById = store.findById;
    if (findById === null) return true;
    const found = await moduleAnswer(store, 'findById', () => findById(user.id), { logger: this.logger, timeoutMs: this.timeoutMs });
    return found !== null && sameUser(found.user, user);
  }

  /** The module's `email` for the user, found by `findById`; null without `findById`, without an email, or for another user. */
  async emailOf(user: UserReference): Promise<string | null> {
    const store = await this.source.module();
    const findById = store.findById;
    if (findById === null) return null;
    const found = await moduleAnswer(store, 'findById', () => findById(user.id), { logger: this.logger, timeoutMs: this.timeoutMs });
    const same = found !== null && sameUser(found.user, user);
    return same ? found.email : null;
  }
}

/** The same id, and the same account (folded) when the reference knows one: a token without `account` is matched by id. */
function sameUser(found: { readonly id: string; readonly account: string }, user: UserReference): boolean {
  return found.id === user.id && (user.account === null || accountKey(found.account) === accountKey(user.account));
}
