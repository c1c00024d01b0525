import { unrefTimeout, type Schedule } from '../../limits/PendingGiveBacks';
import { parseStoreChange, STORE_CHANGES_CHANNEL, type StoreChangeFeed, type StoreChangeListener } from './StoreChange';

/** What the feed needs of a node-postgres Client (tests pass a fake). */
export interface ListenConnection {
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  connect(): Promise<unknown>;
  query(sql: string): Promise<unknown>;
  end(): Promise<unknown>;
}

export interface PgNotifyChangeFeedOptions {
  /** Wait before connecting again after the connection was lost or refused. */
  readonly retryMs: number;
  /** Told why the feed was lost (a log line); the listener is told that it was. */
  readonly onLost?: (error: unknown) => void;
  /** The timer before a new connection (tests run it by hand). */
  readonly schedule?: Schedule;
  /** A new, unconnected connection to the database (default: a node-postgres Client of `databaseUrl`). */
  readonly connection?: (databaseUrl: string) => ListenConnection;
}

/** node-postgres, loaded only on PostgreSQL (a service on SQLite never loads the driver). */
function pgConnection(databaseUrl: string): ListenConnection {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Client } = require('pg') as typeof import('pg');
  return new Client({ connectionString: databaseUrl, application_name: 'auth-store-changes', connectionTimeoutMillis: 5_000, keepAlive: true });
}

/**
 * The store's change announcements on PostgreSQL: LISTEN on a connection of
 * its own (the pool's connections come and go). While it is down (killed,
 * network cut, server restart) the listener is told the feed is lost and it
 * connects again every `retryMs`; on success it LISTENs before saying the
 * feed has resumed, so no change committed after that is missed.
 */
export class PgNotifyChangeFeed implements StoreChangeFeed {
  /** The connection being opened or open; a lost one's late events are ignored. */
  private current: ListenConnection | null = null;
  private cancelRetry: () => void = () => undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly listener: StoreChangeListener,
    private readonly options: PgNotifyChangeFeedOptions,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  /** Ends the connection (its late events are ignored, as a lost one's) and any wait for a new one. */
  async close(): Promise<void> {
    this.cancelRetry();
    const client = this.current;
    this.current = null;
    this.listener.lost();
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = (this.options.connection ?? pgConnection)(this.databaseUrl);
    this.current = client;
    client.on('notification', (message) => {
      // A lost connection's last words are ignored: the caches were dropped with it.
      if (this.current !== client) return;
      const change = message.channel === STORE_CHANGES_CHANNEL && message.payload !== undefined ? parseStoreChange(message.payload) : null;
      if (change !== null) this.listener.changed(change);
    });
    client.on('error', (error) => this.lose(client, error));
    client.on('end', () => this.lose(client, new Error('the change feed connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${STORE_CHANGES_CHANNEL}`);
    } catch (error) {
      this.lose(client, error);
      return;
    }
    if (this.current !== client) {
      // Closed (or lost) while connecting.
      await client.end().catch(() => undefined);
      return;
    }
    this.listener.resumed();
  }

  /** Once per connection: the listener distrusts its caches and a new connection is tried later. */
  private lose(client: ListenConnection, error: unknown): void {
    if (this.current !== client) return;
    this.current = null;
    void client.end().catch(() => undefined);
    this.listener.lost();
    this.options.onLost?.(error);
    this.cancelRetry = (this.options.schedule ?? unrefTimeout)(() => void this.connect(), this.options.retryMs);
  }
}
