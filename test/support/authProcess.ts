import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { nodeArgsFor } from './entryPoint';

const ROOT = join(__dirname, '..', '..');
const ENTRY = join(ROOT, 'src', 'interfaces', 'composition', 'authServer.ts');

/** One pino JSON line of the child's stdout. */
export type LogLine = Record<string, unknown> & { msg?: string; pid?: number };

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * The auth service as a real process (what `npm start` runs: the compiled entry
 * when dist/ is fresh, else the source through ts-node), with its JSON log parsed so
 * tests can wait for events such as "auth service listening" instead of sleeping.
 */
export class AuthProcess {
  readonly lines: LogLine[] = [];
  readonly exited: Promise<Exit>;
  private stderrText = '';
  private waiters: Array<() => void> = [];

  private constructor(readonly child: ChildProcess) {
    let buffered = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      for (const line of complete) this.record(line);
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderrText += chunk;
      this.notify();
    });
    // 'close', not 'exit': a process may exit before all its output has been read (a cluster primary
    // exits right after its last worker), and tests read the log after awaiting this.
    this.exited = new Promise((resolve) =>
      child.once('close', (code, signal) => {
        this.notify();
        resolve({ code, signal });
      }),
    );
  }

  /** Starts the service with test defaults (ephemeral port, fixed issuer) plus `env`. */
  static start(env: Record<string, string>, entry: string = ENTRY): AuthProcess {
    const child = spawn(process.execPath, nodeArgsFor(entry), {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        TS_NODE_TRANSPILE_ONLY: 'true',
        PORT: '0',
        LOG_LEVEL: 'info',
        AUTH_ISSUER: 'http://auth.test/auth',
        // No proxy watches these processes' readiness: stopping need not wait out the production grace period.
        AUTH_SHUTDOWN_GRACE_MS: '0',
        // Nor does a proxy hold their connections: idle ones are closed at once rather than left 5 s to one.
        AUTH_SHUTDOWN_IDLE_CLOSE_MS: '0',
        // Passwords hashed and verified at scrypt N = 2^10, not the production 2^15 (tests about hashing capacity set 15).
        AUTH_PASSWORD_HASH_COST: '10',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new AuthProcess(child);
  }

  get stderr(): string {
    return this.stderrText;
  }

  /** Resolves with the first log line (already seen or still to come) that matches; rejects if the process exits first. */
  async waitForLog(matches: (line: LogLine) => boolean, count = 1): Promise<LogLine[]> {
    for (;;) {
      const found = this.lines.filter(matches);
      if (found.length >= count) return found.slice(0, count);
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        throw new Error(`auth process exited (${this.child.exitCode ?? this.child.signalCode}) before the expected log line; stderr: ${this.stderrText}`);
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** The port from the "auth service listening" line. */
  async port(): Promise<number> {
    const [line] = await this.waitForLog((l) => l.msg === 'auth service listening');
    return line.port as number;
  }

  /** Sends a signal if the process still runs; resolves with how it exited. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<Exit> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }

  private record(line: string): void {
    if (!line.trim()) return;
    try {
      this.lines.push(JSON.parse(line) as LogLine);
    } catch {
      this.lines.push({ msg: line });
    }
    this.notify();
  }

  private notify(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}

/** Every listening line of the process's log names a port; origin for supertest/fetch. */
/** The demo client service's root, for `AuthProcess.start(env, CLIENT_DEMO_ENTRY)`. */
export const CLIENT_DEMO_ENTRY = join(ROOT, 'src/interfaces/composition/clientDemo.ts');

export function originOf(port: number): string {
  return `http://127.0.0.1:${port}`;
}
