import { Server as NetServer, type Socket } from 'node:net';
import type { Server } from 'node:http';
import type { RequestHandler } from 'express';
import { sendMapped } from './errorMapper';
import { MESSAGES } from './messages';
import type { Readiness } from './Readiness';

/** How often open connections are looked at while the server closes. */
const SWEEP_INTERVAL_MS = 50;
/** Sweeps a connection must be seen idle in a row before it is closed (250 ms)… */
const IDLE_SWEEPS_BEFORE_CLOSE = 5;
/**
 * …or, for one that has not brought a request yet, 2 s: a busy proxy may
 * connect and write its request a while later, and closing the connection in
 * between resets that request.
 */
const FRESH_SWEEPS_BEFORE_CLOSE = 40;
/** After the grace period: sweeps without a new connection that count as "the proxy has stopped sending" (300 ms)… */
const QUIET_SWEEPS = 6;
/** …waited for at most this many sweeps (1.5 s) before the listener is closed anyway. */
const MAX_QUIET_WAIT_SWEEPS = 30;
/** Longest wait for that last accepted connection. */
const LAST_ACCEPT_WAIT_MS = 200;
/** Requests a proxy may safely send again elsewhere (RFC 9110 idempotent methods). */
const RETRYABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** Seconds a retryable request refused while the instance stops is told to wait. */
export const STOPPING_RETRY_AFTER_SECONDS = 1;

/**
 * The auth server's connections through a shutdown, so a proxy in front loses
 * no request:
 * - once readiness refuses traffic, every response (also to a request that
 *   arrived before) says `Connection: close` and Node closes the connection
 *   after it, so the proxy stops reusing connections the server will drop;
 * - `close()` stops accepting, lets requests in flight finish, and closes a
 *   connection only after it has been idle for a while. Node's own
 *   `server.close()` drops every connection without a parsed request at once,
 *   including one accepted a moment ago whose request is still in the socket
 *   buffer: the proxy has sent it and gets a reset (a POST is not re-sent).
 */
export class ConnectionDrain {
  /** Open connections → sweeps seen idle in a row; absent from `busy` means no request open on it. */
  private readonly open = new Map<Socket, number>();
  private readonly busy = new Set<Socket>();
  private readonly served = new WeakSet<Socket>();
  private accepted = 0;
  private leaving = false;

  private server: Server | undefined;

  /**
   * @param resendablePosts request paths (context path included)
   *   of POSTs that are safe to send again when refused unhandled: the token endpoints, where a second
   *   request only issues a second token. They are refused like GETs after the grace period.
   */
  constructor(
    private readonly readiness: Readiness,
    private readonly resendablePosts: ReadonlySet<string> = new Set(),
  ) {}

  /** Follows the connections of `server` (before it listens). */
  attach(server: Server): void {
    const readiness = this.readiness;
    this.server = server;
    server.on('connection', (socket: Socket) => {
      this.accepted++;
      this.open.set(socket, 0);
      socket.once('close', () => {
        this.open.delete(socket);
        this.busy.delete(socket);
      });
    });
    server.prependListener('request', (req, res) => {
      const socket = req.socket;
      this.busy.add(socket);
      this.served.add(socket);
      res.once('close', () => {
        this.busy.delete(socket);
        if (this.open.has(socket)) this.open.set(socket, 0);
      });
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
        if (!readiness.acceptingTraffic && !this.headersSent) this.setHeader('Connection', 'close');
        return writeHead.apply(this, args);
      } as typeof writeHead;
    });
  }

  /**
   * Middleware, first in the app: once the grace period is over, a retryable
   * request (an idempotent method, or a POST to a token endpoint) is answered
   * 503 + Retry-After without being handled. nginx OSS
   * cannot probe readiness; with `proxy_next_upstream http_503` it re-sends
   * that request to another instance and, through its passive check
   * (max_fails), stops sending here, which leaves nothing in the listen queue
   * when the listener closes. Other requests are still handled.
   */
  readonly refuseRetryableWhileLeaving: RequestHandler = (req, res, next) => {
    if (!this.leaving || !this.resendable(req.method, req.path)) {
      next();
      return;
    }
    res.set('Retry-After', String(STOPPING_RETRY_AFTER_SECONDS));
    sendMapped(res, { status: 503, msg: MESSAGES.serviceStopping });
  };

  private resendable(method: string, path: string): boolean {
    return RETRYABLE_METHODS.has(method) || (method === 'POST' && this.resendablePosts.has(path.replace(/\/+$/, '')));
  }

  /**
   * After the grace period: refuse retryable requests (above) and resolve once
   * no new connection has come for 300 ms (the proxy has taken this instance
   * out). If connections keep coming (a proxy sending only POSTs has no reason
   * to stop), resolve after 1.5 s right after the next accepts: libuv accepts
   * until the kernel's queue of pending connections is empty, and closing the
   * listener then (setImmediate, same loop iteration) resets the fewest
   * connections whose request is already sent. That case is not airtight.
   */
  leave(): Promise<void> {
    this.leaving = true;
    const server = this.server;
    return new Promise((resolve) => {
      let seen = this.accepted;
      let quiet = 0;
      let waited = 0;
      const sweep = setInterval(() => {
        quiet = this.accepted === seen ? quiet + 1 : 0;
        seen = this.accepted;
        if (quiet >= QUIET_SWEEPS || !server) {
          clearInterval(sweep);
          resolve();
        } else if (++waited === MAX_QUIET_WAIT_SWEEPS) {
          clearInterval(sweep);
          const done = () => {
            clearTimeout(fallback);
            server.off('connection', afterAccepts);
            resolve();
          };
          // Connections come in bursts; libuv accepts until the queue is empty, then the check phase runs.
          const afterAccepts = () => setImmediate(done);
          const fallback = setTimeout(done, LAST_ACCEPT_WAIT_MS);
          server.once('connection', afterAccepts);
        }
      }, SWEEP_INTERVAL_MS);
    });
  }

  /** Stops accepting and resolves once every connection is closed (in-flight requests answered first). */
  close(): Promise<void> {
    const server = this.server;
    if (!server?.listening) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const sweep = setInterval(() => this.closeLongIdle(), SWEEP_INTERVAL_MS);
      // net.Server's close, not http.Server's: stop listening, but leave the connections to the sweep.
      NetServer.prototype.close.call(server, (error?: Error) => {
        clearInterval(sweep);
        if (error) reject(error);
        else resolve();
      });
    });
  }

  private closeLongIdle(): void {
    for (const [socket, idleSweeps] of this.open) {
      if (this.busy.has(socket)) continue;
      const limit = this.served.has(socket) ? IDLE_SWEEPS_BEFORE_CLOSE : FRESH_SWEEPS_BEFORE_CLOSE;
      if (idleSweeps + 1 >= limit) socket.destroy();
      else this.open.set(socket, idleSweeps + 1);
    }
  }
}
