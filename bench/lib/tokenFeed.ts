/**
 * Rows that spend a token per request (refresh_token with rotation): the
 * tokens are minted before each load run, never during one, and each is sent
 * once. The bench process mints them (TokenFeed) and hands them to the load
 * generator, which keeps one pool per feed across runs (TokenPool) and takes
 * the next token for every request autocannon builds. A pool that runs dry
 * stops the run and fails it: a request without a fresh token would measure
 * errors, not the grant.
 */

/** What a load job carries for a fed run: the pool to take from, the tokens to add to it first. */
export interface FeedSpec {
  /** One pool per server and row, kept by the load generator across runs. */
  readonly id: string;
  /** The request body up to the token, e.g. `grant_type=refresh_token&refresh_token=`. */
  readonly bodyPrefix: string;
  /** Freshly minted tokens, appended to the pool before the run. */
  readonly add: readonly string[];
}

/** The load generator's side: tokens not sent yet, in minting order. */
export class TokenPool {
  private readonly tokens: string[] = [];
  private next = 0;
  /** True once a request found no token left. */
  dry = false;

  add(tokens: readonly string[]): void {
    this.tokens.push(...tokens);
  }

  /** The next unsent token, or undefined (and dry) when none is left. */
  take(): string | undefined {
    if (this.next >= this.tokens.length) {
      this.dry = true;
      return undefined;
    }
    const token = this.tokens[this.next];
    // Sent once: the slot is cleared so a spent token is not even kept.
    this.tokens[this.next++] = '';
    return token;
  }

  /** Tokens handed out so far (sent, or built into a request the run ended before sending). */
  get taken(): number {
    return this.next;
  }

  get remaining(): number {
    return this.tokens.length - this.next;
  }
}

/** The slice of autocannon's request object a fed request changes. */
interface BuiltRequest {
  body?: string | Buffer;
}

/**
 * autocannon's `requests` entry for a fed run: every request it builds takes
 * the pool's next token into its body. When none is left, `onDry` is called
 * once (the loader closes every connection there, so nothing more is sent)
 * and the request is built with `fallbackBody`, which carries no token
 * (autocannon cannot be told to skip a request): no token is sent twice.
 */
export function feedingRequest(pool: TokenPool, bodyPrefix: string, fallbackBody: string, onDry: () => void) {
  let told = false;
  return {
    setupRequest<R extends BuiltRequest>(request: R): R {
      const token = pool.take();
      if (token !== undefined) return { ...request, body: `${bodyPrefix}${token}` };
      if (!told) {
        told = true;
        onDry();
      }
      return { ...request, body: fallbackBody };
    },
  };
}

/** A load run: bounded by time, or by a number of requests (then `seconds` is ignored, as autocannon does). */
export interface RunBound {
  readonly connections: number;
  readonly seconds: number;
  readonly amount?: number;
}

/**
 * How long autocannon really runs for `seconds`: it ends a run at its first
 * once-a-second sample after the duration, so a run of 0.12 s lasts about a
 * second and one of 8 s up to 9.
 */
export function runSpan(seconds: number): number {
  return Math.ceil(seconds) + 1;
}

/** Requests a run may send: its `amount`, or `rate` over its span. */
export function requestsOf(run: RunBound, rate: number): number {
  return run.amount ?? Math.ceil(rate * runSpan(run.seconds));
}

/**
 * Tokens to mint so that `requests` cannot run the pool dry: autocannon
 * builds each connection's first request as it opens, and the request it
 * built when a timed run ends is never sent, so two per connection come on top.
 */
export function tokensToMint(plan: { readonly remaining: number; readonly requests: number; readonly connections: number }): number {
  return Math.max(0, plan.requests + 2 * plan.connections - plan.remaining);
}

/**
 * The rate a run is planned for: `margin` × the fastest run of the row so far,
 * or × the initial assumption before its first run (rates on a shared machine
 * swing by half from one run to the next, and the assumption is another grant's).
 */
export function plannedRate(fastest: number | undefined, initialRate: number, margin: number): number {
  return margin * (fastest ?? initialRate);
}

export interface TokenFeedOptions {
  readonly id: string;
  readonly bodyPrefix: string;
  /** The rate assumed for the row's first run (the same server's client_credentials rate). */
  readonly initialRate: number;
  /** Headroom over the fastest run seen, or over initialRate before the first (default 2). */
  readonly margin?: number;
  /** Mints `count` tokens on the server under test (between runs, never during one). */
  mint(count: number): Promise<string[]>;
}

/**
 * The bench process's side: before each run it mints what the run may spend
 * (tokensToMint at plannedRate) and sends the new tokens with the job. A run
 * faster than planned runs dry and fails: the bench says so rather than
 * measure errors.
 */
export class TokenFeed {
  private remaining = 0;
  private fastest: number | undefined;

  constructor(private readonly options: TokenFeedOptions) {}

  /** Mints for `run` and returns the job's feed. */
  async forRun(run: RunBound): Promise<FeedSpec> {
    const { initialRate, margin = 2 } = this.options;
    const requests = requestsOf(run, plannedRate(this.fastest, initialRate, margin));
    const count = tokensToMint({ remaining: this.remaining, requests, connections: run.connections });
    const add = count > 0 ? await this.options.mint(count) : [];
    if (add.length !== count) throw new Error(`${this.options.id}: asked for ${count} tokens, got ${add.length}`);
    this.remaining += count;
    return { id: this.options.id, bodyPrefix: this.options.bodyPrefix, add };
  }

  /** What a run took from the pool and the rate it reached. */
  ran(taken: number, reqPerSec: number): void {
    this.remaining -= taken;
    this.fastest = Math.max(this.fastest ?? 0, reqPerSec);
  }
}
