import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { childExecArgv, scriptPath } from './processes';
import type { FeedSpec } from './tokenFeed';

export interface LoadJob {
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  /** The body of every request; with `feed`, what a request carries once the pool ran dry (the run then fails). */
  readonly body?: string;
  /** Each request's body is `feed.bodyPrefix` + the next token of the pool `feed.id` (bench/lib/tokenFeed.ts). */
  readonly feed?: FeedSpec;
  readonly connections: number;
  /** Bounded by time … */
  readonly seconds?: number;
  /** … or by a number of requests (then seconds is ignored). */
  readonly amount?: number;
}

export interface LoadResult {
  /** Requests answered (any status). */
  readonly requests: number;
  readonly reqPerSec: number;
  /** Latency percentiles, ms. */
  readonly p50: number;
  readonly p99: number;
  /** Connection errors and timeouts. */
  readonly errors: number;
  readonly non2xx: number;
  /** With a feed: the tokens this run took from its pool. */
  readonly fed?: number;
}

/** A long-lived autocannon child: one process for every load run of the bench. */
export class LoadGenerator {
  private readonly child: ChildProcess;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: LoadResult) => void; reject: (e: Error) => void }>();

  constructor() {
    this.child = fork(scriptPath(join(__dirname, '..', 'loader')), [], { execArgv: childExecArgv(), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (message: { id: number; result?: LoadResult; error?: string }) => {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result!);
    });
    this.child.on('exit', () => {
      for (const waiter of this.pending.values()) waiter.reject(new Error('the load generator exited'));
      this.pending.clear();
    });
  }

  run(job: LoadJob): Promise<LoadResult> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, job });
    });
  }

  close(): void {
    this.child.kill();
  }
}
