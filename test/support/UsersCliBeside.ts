import { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import type { AuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';
import { openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { runUsersCommand } from '../../src/interfaces/cli/usersCommand';
import { infrastructureModule } from '../../src/interfaces/composition/modules/infrastructureModule';
import { TYPES } from '../../src/interfaces/composition/types';
import { usersCommandDeps } from '../../src/interfaces/composition/usersCli';

/** What one `users` command printed and its exit code. */
export interface UsersCliRun {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

/**
 * The users CLI in-process but on its own DataSource, as the real command runs
 * beside the service: it writes to the shared store and the service finds out
 * at its next sync. `configure` rebinds what the service's test rebinds too (clock, hashing).
 */
export class UsersCliBeside {
  private constructor(
    private readonly dataSource: DataSource,
    readonly deps: ReturnType<typeof usersCommandDeps>,
  ) {}

  static async open(config: Readonly<AuthServerConfig>, configure?: (container: Container) => void): Promise<UsersCliBeside> {
    const container = new Container();
    container.load(infrastructureModule(config));
    configure?.(container);
    const dataSource = await openDatabase(container.get<DataSource>(TYPES.DataSource));
    return new UsersCliBeside(dataSource, usersCommandDeps(container, dataSource, config));
  }

  /** Runs `users <args>` with `stdin` as the piped input. */
  async run(args: readonly string[], stdin = ''): Promise<UsersCliRun> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runUsersCommand(args, { ...this.deps, readStdin: async () => stdin, out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out, err };
  }

  async close(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
