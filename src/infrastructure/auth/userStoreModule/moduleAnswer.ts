import type { Logger } from '@auth-service/client';
import { checkedUserStoreUser, type ModuleUser } from './checkedUserStoreUser';
import type { LoadedUserStoreModule } from './loadUserStoreModule';
import { UserStoreUnavailableError } from './UserStoreUnavailableError';

/**
 * How long a module may take to answer: a store that hangs must not hold the
 * login capacity and the hashing bound for good, so past this the request is
 * answered as an outage (the module's call itself cannot be cancelled).
 */
export const MODULE_ANSWER_TIMEOUT_MS = 10_000;

export interface ModuleCall {
  readonly logger: Logger;
  /** The password the module was given: a module error that repeats it is not logged as is. */
  readonly secret?: string;
  readonly timeoutMs?: number;
}

/**
 * One call into a user-store module, its answer checked: the user, or null
 * when the module said null. A throw, a rejection, no answer in time, or
 * anything that is not a well-formed user or null (undefined included: a
 * forgotten `return`) is logged naming the module, the function and the field,
 * and ends in UserStoreUnavailableError: the request is answered as a store
 * outage, never as a login.
 */
export async function moduleAnswer(
  store: LoadedUserStoreModule,
  call: 'authenticate' | 'findById',
  run: () => unknown,
  { logger, secret, timeoutMs = MODULE_ANSWER_TIMEOUT_MS }: ModuleCall,
): Promise<ModuleUser | null> {
  let answer: unknown;
  try {
    answer = await withinTime(run, timeoutMs);
  } catch (error) {
    const late = error instanceof NoAnswerInTime;
    logger.error(
      { userStoreModule: store.name, function: call, error: late ? error.message : errorText(error, secret) },
      late ? 'the user store module did not answer in time; answered as a store outage' : 'the user store module threw; answered as a store outage',
    );
    throw new UserStoreUnavailableError(`user store module ${store.name}: ${call} ${late ? 'did not answer in time' : 'threw'}`, { cause: error });
  }
  if (answer === null) return null;
  const checked = checkedUserStoreUser(answer);
  if ('user' in checked) return checked;
  const { field, problem } = checked.invalid;
  logger.error({ userStoreModule: store.name, function: call, field, problem }, 'the user store module returned a malformed user; answered as a store outage');
  throw new UserStoreUnavailableError(`user store module ${store.name}: ${call} returned a malformed ${field} (${problem})`);
}

class NoAnswerInTime extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
  }
}

/** `run`'s answer (a synchronous throw becomes a rejection), or NoAnswerInTime once `timeoutMs` passed. */
async function withinTime(run: () => unknown, timeoutMs: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new NoAnswerInTime(timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(run), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the operator needs to see of a module's error, withheld when it repeats the password it was given. */
function errorText(error: unknown, secret: string | undefined): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : `a thrown ${error === null ? 'null' : typeof error}`;
  return secret && text.includes(secret) ? `${error instanceof Error ? error.name : 'error'} (message withheld: it contains the password)` : text;
}
