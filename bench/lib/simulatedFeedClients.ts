import { request } from 'node:http';

/** What a client service keeps between polls, as the client library keeps it. */
interface FeedPosition {
  cursor: number;
  etag: string | null;
}

export interface PollTally {
  polls: number;
  /** 200: entries (or none) and a new cursor. */
  changed: number;
  /** 304: nothing new, the cursor kept. */
  unchanged: number;
  failed: number;
  firstFailure?: string;
}

interface Answer {
  readonly status: number;
  readonly etag: string | null;
  readonly body: string;
}

/**
 * Client services polling the revocation feed as the client library does
 * (HttpRevocationFeedSource): Basic credentials, `since` = the cursor of its
 * last 200, If-None-Match = that answer's ETag, a 304 keeps both. Every poll
 * opens a connection of its own: a kept-alive one would not last the minute
 * between two polls of one service. Each starts where one full read of the
 * list left it, as after its own first fetch.
 */
export class SimulatedFeedClients {
  readonly tally: PollTally = { polls: 0, changed: 0, unchanged: 0, failed: 0 };

  private constructor(
    private readonly feedUrl: string,
    private readonly authorization: string,
    private readonly positions: FeedPosition[],
  ) {}

  /** One full read of the feed (its size in bytes returned too), then `size` services at its cursor. */
  static async afterFullRead(feedUrl: string, appId: string, appSecret: string, size: number): Promise<{ clients: SimulatedFeedClients; fullBytes: number }> {
    // RFC 6749 §2.3.1: id and secret form-encoded, then Basic.
    const authorization = `Basic ${Buffer.from(`${encodeURIComponent(appId)}:${encodeURIComponent(appSecret)}`).toString('base64')}`;
    const full = await fetchFeed(feedUrl, { authorization, accept: 'application/json' });
    if (full.status !== 200) throw new Error(`the full feed answered ${full.status}: ${full.body.slice(0, 200)}`);
    const first = { cursor: cursorOf(full.body), etag: full.etag };
    const positions = Array.from({ length: size }, () => ({ ...first }));
    return { clients: new SimulatedFeedClients(feedUrl, authorization, positions), fullBytes: Buffer.byteLength(full.body) };
  }

  get size(): number {
    return this.positions.length;
  }

  /** The k-th poll of the fleet, by service k mod size; a failure is counted, never thrown. */
  async poll(k: number): Promise<void> {
    const position = this.positions[k % this.positions.length];
    this.tally.polls++;
    try {
      const headers: Record<string, string> = { authorization: this.authorization, accept: 'application/json' };
      if (position.etag !== null) headers['if-none-match'] = position.etag;
      const answer = await fetchFeed(`${this.feedUrl}?since=${position.cursor}`, headers);
      if (answer.status === 304) {
        this.tally.unchanged++;
        return;
      }
      if (answer.status !== 200) throw new Error(`answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      position.cursor = cursorOf(answer.body);
      position.etag = answer.etag;
      this.tally.changed++;
    } catch (error) {
      this.tally.failed++;
      this.tally.firstFailure ??= error instanceof Error ? error.message : String(error);
    }
  }
}

function cursorOf(body: string): number {
  const cursor = (JSON.parse(body) as { data?: { cursor?: unknown } }).data?.cursor;
  if (typeof cursor !== 'number') throw new Error('the feed answered no cursor');
  return cursor;
}

function fetchFeed(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: (res.headers.etag as string | undefined) ?? null, body }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.end();
  });
}
