import { createServer, type IncomingMessage, type Server } from 'node:http';
import { expect } from 'chai';
import { percentile } from '../../../bench/lib/healthProbe';
import { SimulatedFeedClients } from '../../../bench/lib/simulatedFeedClients';
import { atSteadyRate } from '../../../bench/lib/steadyRate';

describe('bench feed fleet: steady rate and percentiles', () => {
  it('starts ceil(seconds × rate) calls in order, whatever the timing', async () => {
    const started: number[] = [];
    const elapsed = await atSteadyRate(0.05, 100, async (k) => {
      started.push(k);
    });
    expect(started).to.deep.equal([0, 1, 2, 3, 4]);
    expect(elapsed).to.be.greaterThan(0);
  });

  it('reads percentiles by nearest rank', () => {
    const values = Array.from({ length: 600 }, (_, i) => 600 - i);
    expect(percentile(values, 0.99)).to.equal(594);
    expect(percentile(values, 0.5)).to.equal(300);
    expect(percentile([3, 1, 2], 0.99)).to.equal(3);
    expect(() => percentile([], 0.5)).to.throw(/no values/);
  });
});

describe('bench feed fleet: simulated client services', () => {
  let server: Server;
  let url: string;
  const seen: Array<{ since: string | null; ifNoneMatch: string | undefined; authorization: string | undefined }> = [];
  let refuse = false;

  before(async () => {
    let reads = 0;
    server = createServer((req: IncomingMessage, res) => {
      const since = new URL(req.url ?? '/', 'http://x').searchParams.get('since');
      seen.push({ since, ifNoneMatch: req.headers['if-none-match'], authorization: req.headers.authorization });
      if (refuse) return res.writeHead(429).end('{}');
      if (req.headers['if-none-match'] === 'W/"empty"') return res.writeHead(304).end();
      reads++;
      res.writeHead(200, { etag: since === null ? 'W/"full"' : 'W/"empty"', 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { cursor: 1000 + reads, full: since === null } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/auth/client/revocations`;
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('starts every service at the full read, then each keeps the cursor and ETag of its last 200 (a 304 keeps them)', async () => {
    const { clients, fullBytes } = await SimulatedFeedClients.afterFullRead(url, 'app id', 's3cret', 2);
    expect(fullBytes).to.be.greaterThan(0);
    expect(seen[0]).to.deep.equal({ since: null, ifNoneMatch: undefined, authorization: `Basic ${Buffer.from('app%20id:s3cret').toString('base64')}` });
    for (const k of [0, 1, 2, 3]) await clients.poll(k);
    expect(seen.slice(1).map(({ since, ifNoneMatch }) => [since, ifNoneMatch])).to.deep.equal([
      ['1001', 'W/"full"'],
      ['1001', 'W/"full"'],
      ['1002', 'W/"empty"'],
      ['1003', 'W/"empty"'],
    ]);
    expect(clients.tally).to.deep.equal({ polls: 4, changed: 2, unchanged: 2, failed: 0 });
  });

  it('counts a refused poll as failed, with the first reason, and throws nothing', async () => {
    const { clients } = await SimulatedFeedClients.afterFullRead(url, 'app', 'secret', 1);
    refuse = true;
    try {
      await clients.poll(0);
      await clients.poll(1);
    } finally {
      refuse = false;
    }
    expect(clients.tally).to.include({ polls: 2, failed: 2, firstFailure: 'answered 429: {}' });
  });
});
