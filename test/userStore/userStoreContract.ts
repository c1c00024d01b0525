import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { userFieldProblems } from '../../src/infrastructure/auth/userStoreModule/checkedUserStoreUser';
import type { LoadedUserStoreModule } from '../../src/infrastructure/auth/userStoreModule/loadUserStoreModule';

/** What the contract is run with: a known account and its password, optionally a disabled account. */
export interface ContractAccounts {
  readonly account: string;
  readonly password: string;
  readonly disabledAccount?: string;
  /** The disabled account's password; the known account's when not given. */
  readonly disabledPassword?: string;
}

/** A property that does not apply to this store (findById not exported): reported as pending, not as passing. */
export const NOT_APPLICABLE = 'not applicable';

/** One property of the contract: its title names it in mocha's report and in the summary. */
export interface ContractProperty {
  readonly title: string;
  readonly check: () => Promise<void | typeof NOT_APPLICABLE>;
}

/** A mocha test function for a property: a property that does not apply is skipped (pending). */
export function mochaTestOf(property: ContractProperty): (this: Mocha.Context) => Promise<void> {
  return async function () {
    if ((await property.check()) === NOT_APPLICABLE) this.skip();
  };
}

/** Tries of each kind the timing property takes the median of. */
export const TIMING_TRIES = 20;
/** How much faster than a wrong password an unknown account may be answered (medians), so a 2-core machine's noise does not fail a good store. */
export const TIMING_FACTOR = 3;

/**
 * The user-store contract (docs/user-store.md) as independent properties, the
 * same for `npm run test:user-store` against a team's module and for the
 * built-in stores in `npm test`. The store is loaded once, lazily, by the
 * service's own loader; each property fails with a message saying what it saw.
 */
export function userStoreContract(load: () => Promise<LoadedUserStoreModule>, accounts: ContractAccounts): ContractProperty[] {
  let loading: Promise<LoadedUserStoreModule> | null = null;
  const store = () => (loading ??= load());
  let known: Promise<unknown> | null = null;
  const knownUser = async () => (known ??= store().then((loaded) => loaded.authenticate(accounts.account, accounts.password)));
  const unknownAccount = () => `no-such-account-${randomBytes(6).toString('hex')}`;
  const wrongPassword = () => `${accounts.password}-wrong-${randomBytes(3).toString('hex')}`;

  const properties: ContractProperty[] = [
    {
      title: 'the module loads and exports authenticate',
      check: async () => {
        await store();
      },
    },
    {
      title: 'the known account logs in',
      check: async () => {
        const user = await knownUser();
        if (typeof user !== 'object' || user === null) fail(`authenticate(${JSON.stringify(accounts.account)}, <the password>) answered ${shown(user)}, expected a user`);
      },
    },
    {
      title: "the known user's fields have the right types and sizes",
      check: async () => {
        const problems = userFieldProblems(await knownUser()).filter((problem) => problem.rule !== 'text');
        if (problems.length > 0) fail(listed(problems));
      },
    },
    {
      title: "the known user's fields hold no control characters",
      check: async () => {
        const problems = userFieldProblems(await knownUser()).filter((problem) => problem.rule === 'text');
        if (problems.length > 0) fail(listed(problems));
      },
    },
    {
      title: 'a wrong password gives null',
      check: async () => expectNull(await (await store()).authenticate(accounts.account, wrongPassword()), 'a wrong password'),
    },
    {
      title: 'an unknown account gives null',
      check: async () => expectNull(await (await store()).authenticate(unknownAccount(), accounts.password), 'an unknown account'),
    },
  ];
  if (accounts.disabledAccount !== undefined) {
    const disabled = accounts.disabledAccount;
    properties.push({
      title: 'the disabled account gives null',
      check: async () => expectNull(await (await store()).authenticate(disabled, accounts.disabledPassword ?? accounts.password), `the disabled account ${JSON.stringify(disabled)}`),
    });
  }
  properties.push({
    title: 'an unknown account is not answered much faster than a wrong password',
    check: async () => {
      const loaded = await store();
      const timed = async (username: string, password: string) => {
        const start = performance.now();
        await loaded.authenticate(username, password);
        return performance.now() - start;
      };
      // A warm-up of each (caches, JIT, the first connection), then the two kinds interleaved so drift hits both alike.
      await timed(accounts.account, wrongPassword());
      await timed(unknownAccount(), accounts.password);
      const wrong: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < TIMING_TRIES; i++) {
        wrong.push(await timed(accounts.account, wrongPassword()));
        unknown.push(await timed(unknownAccount(), accounts.password));
      }
      const [wrongMedian, unknownMedian] = [median(wrong), median(unknown)];
      if (wrongMedian > TIMING_FACTOR * unknownMedian) {
        fail(
          `an unknown account took ${ms(unknownMedian)} against ${ms(wrongMedian)} for a wrong password (medians of ${TIMING_TRIES} tries): ` +
            `more than ${TIMING_FACTOR}x faster, so response times tell which accounts exist; verify the password of an unknown account against a dummy hash`,
        );
      }
    },
  });
  properties.push({
    title: 'findById, when exported, finds the known user by its id and gives null for an unknown id',
    check: async () => {
      const loaded = await store();
      if (loaded.findById === null) return NOT_APPLICABLE;
      const user = await knownUser();
      const id = (user as { id?: unknown } | null)?.id;
      if (typeof id !== 'string') fail('the known account does not log in with a string id, so findById cannot be checked');
      const found = await loaded.findById(id as string);
      if ((found as { id?: unknown } | null)?.id !== id) fail(`findById(${JSON.stringify(id)}) answered ${shown(found)}, expected the known user`);
      const none = await loaded.findById(unknownAccount());
      if (none !== null) fail(`findById of an unknown id answered ${shown(none)}, expected null`);
    },
  });
  return properties;
}

function expectNull(answer: unknown, what: string): void {
  if (answer === null) return;
  const consequence = typeof answer === 'object' ? 'the service would log it in' : 'the service answers anything else than a user or null as a broken store (503)';
  fail(`${what} answered ${shown(answer)}, expected null: ${consequence}`);
}

/** The kind of an answer, never its content: it may hold personal data. */
function shown(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return Array.isArray(value) ? 'an array' : 'a user object';
  return typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`;
}

function listed(problems: ReadonlyArray<{ field: string; problem: string }>): string {
  return problems.map(({ field, problem }) => `${field}: ${problem}`).join('; ');
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

function fail(message: string): never {
  throw new Error(message);
}
