import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LoadGenerator } from '../../../bench/lib/load';

/**
 * The load generator's fed runs against a real listener: every request takes
 * the next token of the pool, no token is sent twice, and a pool that runs dry
 * fails the run instead of measuring the requests sent without a token.
 */
describe('bench load generator: fed runs', function () {
  this.timeout(60_000);
  const bodies: string[] = [];
  let server: Server;
  let url: string;
  let load: LoadGenerator;

  before(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        bodies.push(body);
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
    load = new LoadGenerator();
  });

  after(async () => {
    load.close();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    bodies.length = 0;
  });

  const tokens = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

  it('sends each token once, and keeps what is left of a pool for the next run', async () => {
    const first = await load.run({ url, method: 'POST', body: 'none', connections: 2, seconds: 1, amount: 10, feed: { id: 'kept', bodyPrefix: 'rt=', add: tokens('k', 14) } });
    const second = await load.run({ url, method: 'POST', body: 'none', connections: 2, seconds: 1, amount: 4, feed: { id: 'kept', bodyPrefix: 'rt=', add: [] } });

    expect(first).to.include({ requests: 10, non2xx: 0, fed: 10 });
    expect(second).to.include({ requests: 4, fed: 4 });
    expect(bodies).to.have.length(14);
    expect(new Set(bodies).size).to.equal(14);
    expect(bodies.every((body) => /^rt=k\d+$/.test(body))).to.equal(true);
  });

  it('fails a run whose pool runs dry, and never sends a token twice', async () => {
    const run = load.run({ url, method: 'POST', body: 'no token', connections: 2, seconds: 0.2, feed: { id: 'dry', bodyPrefix: 'rt=', add: tokens('d', 30) } });

    const error = await run.catch((caught: unknown) => caught);

    expect(String(error)).to.match(/^Error: dry: the pre-minted tokens ran out after 30 requests of this run \(30 in all\)/);
    const fed = bodies.filter((body) => body !== 'no token');
    expect(fed).to.have.length(30);
    expect(new Set(fed).size).to.equal(30);
    // The run stops as the pool runs dry: every connection is closed before the request without a token is written.
    expect(bodies.length - fed.length).to.equal(0);
  });
});
