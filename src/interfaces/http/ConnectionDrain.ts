import { Server as NetServer, type Socket } from 'node:net';
import type { Server } from 'node:http';

/** How often connections are looked at while the server stops. */
const SWEEP_INTERVAL_MS = 25;
/** Sweeps without a newly accepted connection that count as "the proxy opens no new connections" (100 ms)… */
const QUIET_SWEEPS = 4;
/** …waited for at most this many sweeps (2 s) before the listener is closed anyway. */
const MAX_QUIET_WAIT_SWEEPS = 80;
/** Longest wait for the next accepted connection once the quiet wait has given up. */
const LAST_ACCEPT_WAIT_MS = 200;
/**
 * After the listener closed: how long a connection must sit idle before this
 * side closes it (AUTH_SHUTDOWN_IDLE_CLOSE_MS, 5 s by default). A proxy reuses
 * an idle upstream connection at any moment, and a request it writes just as
 * the connection closes is reset (a POST is then not re-sent), so idle
 * connections are left to the proxy, which closes them after its own idle
 * timeout: nginx's upstream `keepalive_timeout` must be shorter than this
 * (deploy/nginx.conf: 4 s). With no proxy in front (tests, one process on a
 * laptop) 0 closes idle connections at the next sweep.
 */
export const IDLE_CLOSE_MS = 5_000;

/**
 * The auth server's connections through a shutdown, so a proxy in front loses
 * no request, not even a POST it would never send again. Nothing is refused
 * because the instance is stopping; what may be lost is only what the proxy has
 * written onto a connection this side closes, and the order avoids that:
 *
 * 1. (the grace period, Readiness) readiness DOWN, everything answered as
 *    usual, keep-alive included: a proxy that watches readiness, an ALB or a
 *    Kubernetes Service stops sending here, and one with only passive checks
 *    (nginx OSS) keeps reusing its open connections instead of opening new ones.
 * 2. `leave()`: wait until no new connection has come for 100 ms, and close
 *    the listener then. Closing a listener resets the connections still in
 *    the kernel's accept queue, whose requests the proxy has already sent; with
 *    no connection arriving there are none. From then on a proxy's new
 *    connection is refused before it sends anything, so it sends that request
 *    (POST included) to another instance and marks this one failed.
 * 3. `close()`: every answer, also to a request already running, says
 *    `Connection: close`, and Node closes its connection after it, so the proxy
 *    moves each open connection's next request elsewhere. An idle connection
 *    is left to the proxy to close (see IDLE_CLOSE_MS); the server has stopped
 *    once every connection is gone.
 */
export class ConnectionDrain {
  /** Open connections → sweeps seen idle in a row (counted once the listener is closed). */
  private readonly open = new Map<Socket, number>();
  private readonly busy = new Set<Socket>();
  private accepted = 0;
  private closing = false;

  private server: Server | undefined;
  /** Sweeps a connection may sit idle, once the listener is closed, before this side closes it. */
  private readonly idleCloseSweeps: number;

  constructor(idleCloseMs: number = IDLE_CLOSE_MS) {
    this.idleCloseSweeps = Math.max(1, Math.ceil(idleCloseMs / SWEEP_INTERVAL_MS));
  }

  /** Follows the connections of `server` (before it listens). */
  attach(server: Server): void {
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
      res.once('close', () => {
        this.busy.delete(socket);
        if (this.open.has(socket)) this.open.set(socket, 0);
      });
      const writeHead = res.writeHead;
      const closing = () => this.closing;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
        if (closing() && !this.headersSent) this.setHeader('Connection', 'close');
        return writeHead.apply(this, args);
      } as typeof writeHead;
    });
  }

  /**
   * Resolves once no new connection has been accepted for 100 ms (closing the
   * listener then resets nothing). A proxy that opens a connection per request
   * may never pause: after 2 s this resolves right after the next accepts
   * instead (libuv accepts until the kernel's queue is empty; closing the
   * listener in the same loop iteration leaves the fewest in it). That case is
   * not airtight, which is why the proxy should keep upstream connections
   * alive (docs/operations.md).
   */
  leave(): Promise<void> {
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
          // The check phase: right after this iteration's accepts, with nothing left in the queue.
          setImmediate(resolve);
        } else if (++waited === MAX_QUIET_WAIT_SWEEPS) {
          clearInterval(sweep);
          const done = () => {
            clearTimeout(fallback);
            server.off('connection', afterAccepts);
            resolve();
          };
          const afterAccepts = () => setImmediate(done);
          const fallback = setTimeout(done, LAST_ACCEPT_WAIT_MS);
          server.once('connection', afterAccepts);
        }
      }, SWEEP_INTERVAL_MS);
    });
  }

  /** Stops accepting, answers with `Connection: close` from now on, and resolves once every connection is closed. */
  close(): Promise<void> {
    const server = this.server;
    this.closing = true;
    if (!server?.listening) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const sweep = setInterval(() => this.closeLongIdle(), SWEEP_INTERVAL_MS);
      // net.Server's close, not http.Server's: that one also drops every connection without a request open,
      // including a reused one the proxy is writing a request to at this moment.
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
      if (idleSweeps + 1 >= this.idleCloseSweeps) socket.destroy();
      else this.open.set(socket, idleSweeps + 1);
    }
  }
}
