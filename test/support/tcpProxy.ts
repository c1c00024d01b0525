import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy a test controls, to make a server unreachable for the
 * processes behind it without touching the server itself (the shared
 * PostgreSQL stays up for every other test). `cut()` resets every open
 * connection and stops listening, so new connections are refused
 * (ECONNREFUSED) as with a database host that went away; `restore()` listens
 * again on the same port.
 */
export class TcpProxy {
  private readonly open = new Set<Socket>();
  private server: Server | null = null;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
    private listenPort: number,
  ) {}

  /** Listens on an ephemeral loopback port, forwarding to `targetHost:targetPort`. */
  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetHost, targetPort, 0);
    await proxy.listen();
    return proxy;
  }

  get port(): number {
    return this.listenPort;
  }

  /** Resets open connections and refuses new ones until restore(). */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.open) socket.resetAndDestroy();
    this.open.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Accepts and forwards connections again, on the same port. */
  async restore(): Promise<void> {
    if (this.server === null) await this.listen();
  }

  async close(): Promise<void> {
    await this.cut();
  }

  private listen(): Promise<void> {
    const server = createServer((client) => this.forward(client));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.listenPort, '127.0.0.1', () => {
        this.listenPort = (server.address() as { port: number }).port;
        resolve();
      });
    });
  }

  private forward(client: Socket): void {
    const upstream = connect(this.targetPort, this.targetHost);
    for (const socket of [client, upstream]) {
      this.open.add(socket);
      // A reset from either side ends both; errors are the point of this proxy, not failures of the test.
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
