import Mocha from 'mocha';
import { loadUserStoreModule } from '../../src/infrastructure/auth/userStoreModule/loadUserStoreModule';
import { mochaTestOf, userStoreContract, type ContractAccounts } from './userStoreContract';

const USAGE = 'usage: npm run test:user-store -- <module path> --account <known account> --password-stdin [--disabled-account <account>]\n' +
  '  standard input: the known account\'s password on the first line; optionally the disabled account\'s on the second (else the same password is tried)';

interface Arguments {
  readonly path: string;
  readonly account: string;
  readonly disabledAccount?: string;
}

/**
 * `npm run test:user-store -- <path> --account A --password-stdin [--disabled-account B]`:
 * runs the user-store contract (userStoreContract.ts) with mocha against a
 * module, loaded as the service loads it. Exit 0 when every property holds;
 * otherwise 1, mocha's report and a last line naming each failing property.
 * The password comes from standard input only: a command line is visible to
 * every user of the machine and kept in shell histories.
 */
async function main(): Promise<void> {
  const parsed = parseArguments(process.argv.slice(2));
  if (typeof parsed === 'string') {
    process.stderr.write(`${parsed}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const [password, disabledPassword] = (await readStdin()).split(/\r?\n/);
  if (!password) {
    process.stderr.write(`no password on standard input\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const accounts: ContractAccounts = { account: parsed.account, password, disabledAccount: parsed.disabledAccount, disabledPassword: disabledPassword || undefined };
  // A module that does not load breaks every property alike: said once, as the service would say it at start.
  try {
    await loadUserStoreModule(parsed.path);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    exitAfterOutput(1);
    return;
  }
  const mocha = new Mocha({ reporter: 'spec', timeout: 60_000 });
  const suite = Mocha.Suite.create(mocha.suite, `user store module ${parsed.path}`);
  const failed: string[] = [];
  for (const property of userStoreContract(() => loadUserStoreModule(parsed.path), accounts)) {
    suite.addTest(new Mocha.Test(property.title, mochaTestOf(property)));
  }
  mocha.run((failures) => {
    if (failures > 0) process.stderr.write(`\nthe module breaks the user-store contract: ${failed.join('; ')}\n`);
    // Exits rather than waits: a module's open connections (a database pool) would keep the process alive.
    exitAfterOutput(failures > 0 ? 1 : 0);
  }).on('fail', (test) => failed.push(test.title));
}

function parseArguments(argv: readonly string[]): Arguments | string {
  let path: string | undefined;
  let account: string | undefined;
  let disabledAccount: string | undefined;
  let passwordStdin = false;
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    if (argument === '--account' || argument === '--disabled-account') {
      const value = argv[++i];
      if (value === undefined || value === '') return `${argument} needs a value`;
      if (argument === '--account') account = value;
      else disabledAccount = value;
    } else if (argument === '--password-stdin') passwordStdin = true;
    else if (argument === '--password') return '--password is not taken: give the password on standard input (--password-stdin)';
    else if (argument.startsWith('--')) return `unknown option ${argument}`;
    else if (path === undefined) path = argument;
    else return `one module at a time (got ${JSON.stringify(path)} and ${JSON.stringify(argument)})`;
  }
  if (path === undefined) return 'the module path is missing';
  if (account === undefined) return '--account is required';
  if (!passwordStdin) return '--password-stdin is required: the password is read from standard input';
  return { path, account, disabledAccount };
}

/** Exits once what was written to stdout and stderr has gone out (they are asynchronous on pipes). */
function exitAfterOutput(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  exitAfterOutput(1);
});
