import type { Container } from 'inversify';
import type { AuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';
import { StoreCliBeside, type StoreCliRun } from './StoreCliBeside';

/** What one `users` command printed and its exit code. */
export type UsersCliRun = StoreCliRun;

/**
 * The users half of StoreCliBeside, for a test that runs only `users …`: the
 * command in-process but on its own DataSource, as the real command runs
 * beside the service: it writes to the shared store and the service finds out
 * at its next sync. `configure` rebinds what the service's test rebinds too (clock, hashing).
 */
export class UsersCliBeside {
  private constructor(private readonly commands: StoreCliBeside) {}

  static async open(config: Readonly<AuthServerConfig>, configure: (container: Container) => void = () => undefined): Promise<UsersCliBeside> {
    return new UsersCliBeside(await StoreCliBeside.open(config, configure));
  }

  /** The users command's use cases, for a test that calls them directly. */
  get deps(): StoreCliBeside['usersDeps'] {
    return this.commands.usersDeps;
  }

  /** Runs `users <args>` with `stdin` as the piped input. */
  run(args: readonly string[], stdin = ''): Promise<UsersCliRun> {
    return this.commands.users(args, stdin);
  }

  close(): Promise<void> {
    return this.commands.close();
  }
}
