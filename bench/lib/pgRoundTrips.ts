import { connect, createServer, type Server, type Socket } from 'node:net';
import { FrontendRoundTrips } from './pgFrontendMessages';

/** Round trips counted so far: in all, and by statement. */
export interface RoundTripTally {
  readonly total: number;
  readonly byStatement: ReadonlyMap<string, number>;
}

/**
 * A TCP proxy in front of PostgreSQL that forwards every byte unchanged, both
 * ways, and counts the round trips clients make through it (FrontendRoundTrips):
 * the service under test is pointed at it instead of the server, so what it
 * sends is counted without touching its code or its driver.
 */
export class PgRoundTripProxy {
  private total = 0;
  private readonly byStatement = new Map<string, number>();
  private readonly sockets = new Set<Socket>();
  /** Why a count cannot be trusted (an encrypted or malformed stream), once one is seen. */
  problem: string | undefined;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  /** Listens on a free loopback port and forwards each connection to `upstream`. */
  static async start(upstream: { host: string; port: number }): Promise<PgRoundTripProxy> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const proxy = new PgRoundTripProxy(server, (server.address() as { port: number }).port);
    server.on('connection', (client) => proxy.forward(client, upstream));
    return proxy;
  }

  tally(): RoundTripTally {
    return { total: this.total, byStatement: new Map(this.byStatement) };
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(client: Socket, upstream: { host: string; port: number }): void {
    const server = connect(upstream.port, upstream.host);
    const trips = new FrontendRoundTrips();
    let answeredEncryption = false;
    for (const socket of [client, server]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    }
    client.on('data', (chunk: Buffer) => {
      try {
        for (const statement of trips.read(chunk)) this.count(statement);
      } catch (error) {
        this.problem ??= error instanceof Error ? error.message : String(error);
      }
    });
    server.on('data', (chunk: Buffer) => {
      // The server's first byte after an SSLRequest or GSSENCRequest: 'S' or 'G' means encryption follows.
      if (!trips.askedForEncryption || answeredEncryption) return;
      answeredEncryption = true;
      if (chunk[0] === 0x53 || chunk[0] === 0x47) this.problem ??= 'the client encrypted its connection: the proxy cannot read its messages';
    });
    client.pipe(server);
    server.pipe(client);
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
  }

  private count(statement: string): void {
    this.total++;
    this.byStatement.set(statement, (this.byStatement.get(statement) ?? 0) + 1);
  }
}
