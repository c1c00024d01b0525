import { connect, type Socket } from 'node:net';

/** A raw TCP connection to a local port that records what it receives and when it closes. */
export class RawConnection {
  text = '';
  closed = false;
  private readonly waiters: Array<() => void> = [];

  private constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.text += chunk;
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => this.wake());
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(data: string): void {
    this.socket.write(data);
  }

  /** Resolves with everything received once `pattern` matches it; rejects if the connection closes first. */
  async until(pattern: RegExp): Promise<string> {
    while (!pattern.test(this.text)) {
      if (this.closed) throw new Error(`connection closed before ${pattern}; received: ${this.text}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return this.text;
  }

  /** Resolves once the server has closed the connection. */
  async untilClosed(): Promise<void> {
    while (!this.closed) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}

/** The error code of a fresh connection attempt, or 'connected'. */
export function connectError(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}
