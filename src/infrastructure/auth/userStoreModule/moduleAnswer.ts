import type { AuthenticatedUser } from '../../../domain/model/AuthenticatedUser';
import type { Logger } from '@auth-service/client';
import { checkedUserStoreUser } from './checkedUserStoreUser';
import type { LoadedUserStoreModule } from './loadUserStoreModule';
import { UserStoreUnavailableError } from './UserStoreUnavailableError';

/**
 * One call into a user-store module, its answer checked: the user, or null
 * when the module said null. A throw, a rejection or anything that is not a
 * well-formed user or null (undefined included: a forgotten `return`) is logged
 * naming the module, the function and the field, and ends in
 * UserStoreUnavailableError: the request is answered as a store outage, never
 * as a login.
 */
export async function moduleAnswer(
  store: LoadedUserStoreModule,
  call: 'authenticate' | 'findById',
  run: () => unknown,
  logger: Logger,
  secret?: string,
): Promise<AuthenticatedUser | null> {
  let answer: unknown;
  try {
    answer = await run();
  } catch (error) {
    logger.error({ userStoreModule: store.name, function: call, error: errorText(error, secret) }, 'the user store module threw; answered as a store outage');
    throw new UserStoreUnavailableError(`user store module ${store.name}: ${call} threw`, { cause: error });
  }
  if (answer === null) return null;
  const checked = checkedUserStoreUser(answer);
  if ('user' in checked) return checked.user;
  const { field, problem } = checked.invalid;
  logger.error({ userStoreModule: store.name, function: call, field, problem }, 'the user store module returned a malformed user; answered as a store outage');
  throw new UserStoreUnavailableError(`user store module ${store.name}: ${call} returned a malformed ${field} (${problem})`);
}

/** What the operator needs to see of a module's error, withheld when it repeats the password it was given. */
function errorText(error: unknown, secret: string | undefined): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : `a thrown ${error === null ? 'null' : typeof error}`;
  return secret && text.includes(secret) ? `${error instanceof Error ? error.name : 'error'} (message withheld: it contains the password)` : text;
}
