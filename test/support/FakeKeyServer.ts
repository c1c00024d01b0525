import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A tiny stand-in for the auth service's key endpoint (plain node http on an
 * ephemeral port), for the answers a real server rarely gives: success false,
 * 500, non-JSON, a hang, a changed key. Counts requests and how many overlap.
 */
export class FakeKeyServer {
  requests = 0;
  /** Revocation feed requests: answered 404 (a service without the feed) and not counted in `requests`. */
  feedRequests = 0;
  inFlight = 0;
  maxInFlight = 0;
  lastPath: string | null = null;
  lastQuery: URLSearchParams | null = null;
  /** The Authorization header of the last counted request (the client's Basic credentials). */
  lastAuthorization: string | null = null;
  /**
   * What the discovery document says: the issuer of testKeys' tokens by default,
   * null for an auth service without one (404), undefined to answer it like any other path.
   */
  issuer: string | null | undefined = 'http://localhost/auth';
  discoveryRequests = 0;
  /** Set to serve `/client/user/secret/keys` like any other path; undefined answers it 404 (an older auth service). */
  keyList: true | undefined = undefined;
  private answer: Answer = (_req, res) => json(res, 200, { success: false, status: 200, msg: 'not configured', data: null });
  private readonly server: Server;
  private readonly arrivals: Array<() => void> = [];

  constructor() {
    this.server = createServer((req, res) => {
      if ((req.url ?? '').split('?')[0].endsWith('/client/revocations')) {
        this.feedRequests++;
        json(res, 404, { success: false, status: 404, msg: 'not found', data: null });
        return;
      }
      if (req.url?.endsWith('/.well-known/openid-configuration') && this.issuer !== undefined) {
        // Answered apart, so request counts stay about keys.
        this.discoveryRequests++;
        if (this.issuer === null) json(res, 404, { success: false, status: 404, msg: 'not found', data: null });
        else json(res, 200, { issuer: this.issuer });
        return;
      }
      if (req.url?.includes('/client/user/secret/keys') && this.keyList === undefined) {
        // An auth service from before the key list: 404, and not counted.
        json(res, 404, { success: false, status: 404, msg: '请求的资源不存在', data: null });
        return;
      }
      this.requests++;
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      const url = new URL(req.url ?? '/', 'http://fake');
      this.lastPath = url.pathname;
      this.lastQuery = url.searchParams;
      this.lastAuthorization = req.headers.authorization ?? null;
      res.once('close', () => this.inFlight--);
      this.answer(req, res);
      this.arrivals.splice(0).forEach((resolve) => resolve());
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** `success: true` with this key text, in the auth service's envelope. */
  serveKey(key: string): void {
    this.answer = (_req, res) => json(res, 200, { success: true, status: 200, msg: '操作成功!', data: key });
  }

  serveEnvelope(status: number, body: unknown): void {
    this.answer = (_req, res) => json(res, status, body);
  }

  serveRaw(status: number, contentType: string, text: string): void {
    this.answer = (_req, res) => {
      res.writeHead(status, { 'content-type': contentType });
      res.end(text);
    };
  }

  serveRedirect(location: string): void {
    this.answer = (_req, res) => {
      res.writeHead(302, { location });
      res.end();
    };
  }

  /** Accepts the request and never answers (until the client gives up or the server closes). */
  hang(): void {
    this.answer = () => undefined;
  }

  /** Resolves when the next request arrives (or at once if `count` were already seen). */
  async nextRequest(count = this.requests + 1): Promise<void> {
    while (this.requests < count) await new Promise<void>((resolve) => this.arrivals.push(resolve));
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
