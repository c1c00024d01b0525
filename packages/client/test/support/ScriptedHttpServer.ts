import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer: status, headers and body; `hang` answers nothing and drops the connection after a second (for timeouts). */
export interface ScriptedAnswer {
  readonly status?: number;
  readonly headers?: OutgoingHttpHeaders;
  readonly body?: string;
  readonly hang?: boolean;
}

/** A loopback HTTP server answering whatever the test scripted, recording each request's URL and headers. */
export class ScriptedHttpServer {
  readonly requests: Array<{ url: string; headers: IncomingMessage['headers'] }> = [];
  answer: ScriptedAnswer | ((req: IncomingMessage, res: ServerResponse) => void) = { status: 200, body: '{}' };
  private server: Server | null = null;
  private port = 0;

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.requests.push({ url: req.url ?? '', headers: req.headers });
      const answer = this.answer;
      if (typeof answer === 'function') return answer(req, res);
      // A client that keeps waiting (its timeout broken) sees the connection drop instead of hanging the test.
      if (answer.hang) {
        setTimeout(() => res.destroy(), 1000).unref();
        return;
      }
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The envelope the auth service answers with. */
  static envelope(success: boolean, data: unknown, status = 200): ScriptedAnswer {
    return { status, body: JSON.stringify({ success, status, msg: success ? 'ok' : 'no', data }) };
  }
}
