import type { Clock } from '@auth-service/client';
import type { AuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';
import { authTestConfig } from './authTestServer';
import { buildAuthServer, type AuthServer } from './buildAuthServer';
import { clockAndFastHashing } from './clockAndFastHashing';
import { freePort } from './freePort';
import { StoreCliBeside } from './StoreCliBeside';
import type { StoreBackend } from './storeBackends';

export interface TwoInstancesOptions {
  /** Settings besides AUTH_DATABASE_URL; AUTH_USER_STORE is `database` unless set here. */
  readonly env?: Record<string, string>;
  /**
   * AUTH_ISSUER is the first instance's own URL (`http://127.0.0.1:<port>/auth`), as a relying
   * party that discovers the issuer and then calls what the metadata names needs.
   */
  readonly issuerIsFirstInstance?: boolean;
  /** Users and clients to add through the CLI before either instance starts, as an operator would. */
  readonly register?: (cli: StoreCliBeside) => Promise<void>;
}

/**
 * Two listening instances of the service on one fresh database of `backend`,
 * with the database user store (unless `env` names another), the test's clock
 * and fast hashing; the users and clients commands beside them on a connection
 * of their own. What one instance writes, the other must honour: the set-up of
 * every shared-store test.
 */
export class TwoInstancesOnOneStore {
  private constructor(
    readonly config: Readonly<AuthServerConfig>,
    /** The commands beside the instances, still open for the tests' own `users …` and `clients …`. */
    readonly cli: StoreCliBeside,
    readonly first: AuthServer,
    /** `http://127.0.0.1:<port>` */
    readonly firstOrigin: string,
    readonly second: AuthServer,
    readonly secondOrigin: string,
    private readonly closeAll: () => Promise<void>,
  ) {}

  /** Creates the database, runs `register`, starts both instances; on a failure, closes what it had opened before throwing. */
  static async start(backend: StoreBackend, clock: Clock, options: TwoInstancesOptions = {}): Promise<TwoInstancesOnOneStore> {
    const closers: Array<() => Promise<void>> = [];
    const closeAll = async () => {
      for (const close of closers.splice(0).reverse()) await close();
    };
    try {
      const database = await backend.create();
      closers.push(() => database.dispose());
      const firstPort = options.issuerIsFirstInstance ? await freePort() : 0;
      const issuer: Record<string, string> = options.issuerIsFirstInstance ? { AUTH_ISSUER: `http://127.0.0.1:${firstPort}/auth` } : {};
      const config = authTestConfig({ AUTH_USER_STORE: 'database', ...issuer, ...options.env, AUTH_DATABASE_URL: database.url });
      const configure = clockAndFastHashing(config, clock);
      const cli = await StoreCliBeside.open(config, configure);
      closers.push(() => cli.close());
      await options.register?.(cli);
      const listening = async (port: number): Promise<{ auth: AuthServer; origin: string }> => {
        const auth = await buildAuthServer(config, { configure });
        closers.push(() => auth.close());
        return { auth, origin: `http://127.0.0.1:${(await auth.listen(port)).port}` };
      };
      const first = await listening(firstPort);
      const second = await listening(0);
      return new TwoInstancesOnOneStore(config, cli, first.auth, first.origin, second.auth, second.origin, closeAll);
    } catch (error) {
      await closeAll();
      throw error;
    }
  }

  /** The service's issuer (AUTH_ISSUER). */
  get issuer(): string {
    return this.config.issuer;
  }

  /** Closes the instances, then the commands' connection, then drops the database. */
  dispose(): Promise<void> {
    return this.closeAll();
  }
}
