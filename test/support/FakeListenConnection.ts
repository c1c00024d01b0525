import { EventEmitter } from 'node:events';
import type { ListenConnection } from '../../src/infrastructure/persistence/cache/PgNotifyChangeFeed';

/** A node-postgres connection the test drives: whether it connects, what it was asked, and its events. */
export class FakeListenConnection extends EventEmitter implements ListenConnection {
  readonly queries: string[] = [];
  ended = false;

  constructor(private readonly refuse: Error | null = null) {
    super();
  }

  async connect(): Promise<void> {
    if (this.refuse !== null) throw this.refuse;
  }

  async query(sql: string): Promise<void> {
    this.queries.push(sql);
  }

  async end(): Promise<void> {
    this.ended = true;
  }

  notify(channel: string, payload: string): void {
    this.emit('notification', { channel, payload });
  }
}
