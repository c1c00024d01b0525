import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got: its content type and its form's `logout_token`. */
export interface ReceivedLogout {
  readonly contentType: string | undefined;
  readonly logoutToken: string | null;
  readonly status: number;
}

/**
 * A relying party's back-channel logout endpoint on loopback: records every
 * POST and answers each with the next scripted status (200 once the script
 * is used up), as a client that fails first and then recovers.
 */
export class LogoutTokenReceiver {
  private constructor(
    private readonly server: Server,
    readonly uri: string,
    readonly received: ReceivedLogout[],
    private readonly statuses: number[],
  ) {}

  static async start(): Promise<LogoutTokenReceiver> {
    const received: ReceivedLogout[] = [];
    const statuses: number[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const status = statuses.shift() ?? 200;
        received.push({ contentType: req.headers['content-type'], logoutToken: new URLSearchParams(Buffer.concat(chunks).toString()).get('logout_token'), status });
        res.writeHead(status, { 'cache-control': 'no-store' }).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new LogoutTokenReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/backchannel-logout`, received, statuses);
  }

  /** The next answers, in order (e.g. 503 for a client that is down). */
  answerNext(...statuses: number[]): void {
    this.statuses.push(...statuses);
  }

  /** Resolves once `count` POSTs have come, or rejects after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 5000): Promise<readonly ReceivedLogout[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`${this.received.length} logout token(s) received within ${timeoutMs} ms, ${count} expected`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.received;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
