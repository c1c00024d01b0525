import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { TcpProxy } from './tcpProxy';

/** Where the test PostgreSQL server is; CI and the dev machine run one on loopback with trust auth. */
export const POSTGRES_ADMIN_URL = process.env.AUTH_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A throwaway database on the test PostgreSQL server: created empty, dropped
 * (with its connections) at the end. Tests never share one.
 */
export class PostgresDatabase {
  private constructor(
    readonly name: string,
    readonly url: string,
  ) {}

  /** Creates `auth_test_<random>`; fails with a message saying how to start PostgreSQL when it is not reachable. */
  static async create(): Promise<PostgresDatabase> {
    const name = `auth_test_${randomBytes(6).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    return new PostgresDatabase(name, url.toString());
  }

  /**
   * A TCP proxy the test controls in front of this database, and the URL that
   * goes through it: `proxy.cut()` simulates losing the database for whatever
   * connects by that URL, while the shared PostgreSQL server stays up for every other test.
   */
  async behindProxy(): Promise<{ proxy: TcpProxy; url: string }> {
    const server = new URL(POSTGRES_ADMIN_URL);
    const proxy = await TcpProxy.start(server.hostname, Number(server.port || 5432));
    const url = new URL(this.url);
    url.port = String(proxy.port);
    return { proxy, url: url.toString() };
  }

  async drop(): Promise<void> {
    await admin(`DROP DATABASE IF EXISTS ${this.name} WITH (FORCE)`);
  }
}

/** One statement on the `postgres` maintenance database, on a connection of its own. */
async function admin(sql: string, values: unknown[] = []): Promise<void> {
  const client = new Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new Error(
      `PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (${error instanceof Error ? error.message : String(error)}). ` +
        'The store tests need it: start it (Debian: pg_ctlcluster <version> main start, as .ci/run does) or set AUTH_TEST_POSTGRES_URL.',
    );
  }
  try {
    await client.query(sql, values);
  } finally {
    await client.end();
  }
}
