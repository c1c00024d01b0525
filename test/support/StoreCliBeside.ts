import type { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import type { AuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';
import { openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { runClientsCommand } from '../../src/interfaces/cli/clientsCommand';
import { runUsersCommand } from '../../src/interfaces/cli/usersCommand';
import { clientsCommandDeps } from '../../src/interfaces/composition/clientsCli';
import { closeAuditTrail, storeCliContainer } from '../../src/interfaces/composition/runStoreCli';
import { TYPES } from '../../src/interfaces/composition/types';
import { usersCommandDeps } from '../../src/interfaces/composition/usersCli';

/** What one command printed and its exit code. */
export interface StoreCliRun {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

/**
 * `npm run users` and `npm run clients` in-process, both on one container and
 * DataSource of their own as runStoreCli gives them: they write to the shared
 * store beside the running instances. `configure` rebinds what the instances'
 * test rebinds too (clock, hashing), so the commands see the same time.
 */
export class StoreCliBeside {
  private constructor(
    private readonly container: Container,
    /** The commands' own connection, for a test that writes the store behind the service's back. */
    readonly dataSource: DataSource,
    /** The users command's use cases, for a test that runs runUsersCommand itself. */
    readonly usersDeps: ReturnType<typeof usersCommandDeps>,
  ) {}

  static async open(config: Readonly<AuthServerConfig>, configure: (container: Container) => void): Promise<StoreCliBeside> {
    const container = storeCliContainer(config, configure);
    const dataSource = await openDatabase(container.get<DataSource>(TYPES.DataSource));
    return new StoreCliBeside(container, dataSource, usersCommandDeps(container));
  }

  /** Runs `users <args>` with `stdin` as the piped input. */
  users(args: readonly string[], stdin = ''): Promise<StoreCliRun> {
    return captured((out, err) => runUsersCommand(args, { ...this.usersDeps, readStdin: async () => stdin, out, err }));
  }

  /** Runs `clients <args>`. */
  clients(args: readonly string[]): Promise<StoreCliRun> {
    return captured((out, err) => runClientsCommand(args, { ...clientsCommandDeps(this.container), out, err }));
  }

  /** `users add --account <account> --password-stdin <flags>` with `<account>-pass` piped, the password the tests sign in with; throws unless it succeeds. */
  async addUser(account: string, ...flags: string[]): Promise<void> {
    succeeded(`users add ${account}`, await this.users(['add', '--account', account, '--password-stdin', ...flags], `${account}-pass\n`));
  }

  /** `clients add --id <id> <flags>`; throws unless it succeeds. Returns what it printed to stdout: a confidential client's secret, '' for a public client. */
  async addClient(id: string, ...flags: string[]): Promise<string> {
    return succeeded(`clients add ${id}`, await this.clients(['add', '--id', id, ...flags])).out.join('\n');
  }

  async close(): Promise<void> {
    await closeAuditTrail(this.container);
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

async function captured(command: (out: (line: string) => void, err: (line: string) => void) => Promise<number>): Promise<StoreCliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(
    (line) => out.push(line),
    (line) => err.push(line),
  );
  return { code, out, err };
}

/** A set-up command that failed stops the set-up with what it wrote to stderr (stdout may hold a secret). */
function succeeded(command: string, run: StoreCliRun): StoreCliRun {
  if (run.code !== 0) throw new Error(`${command} exited with ${run.code}: ${run.err.join('\n')}`);
  return run;
}
