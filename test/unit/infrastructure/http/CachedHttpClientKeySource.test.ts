import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import { CachedHttpClientKeySource } from '../../../../src/infrastructure/http/CachedHttpClientKeySource';

const KEY = { kty: 'EC', kid: 'k', crv: 'P-256', x: 'x', y: 'y' };

describe('CachedHttpClientKeySource (a client\'s jwks_uri: timeout, size cap, cache, cooldown)', () => {
  let server: Server;
  let base: string;
  let fetches = 0;
  let body = JSON.stringify({ keys: [KEY] });
  let status = 200;
  let delayMs = 0;
  let now = 0;
  const source = (overrides: Partial<ConstructorParameters<typeof CachedHttpClientKeySource>[0]> = {}) =>
    new CachedHttpClientKeySource({ timeoutMs: 500, maxBytes: 1024, maxAgeMs: 300_000, cooldownMs: 30_000, ...overrides }, () => now);

  before(async () => {
    server = createServer((_req, res) => {
      fetches++;
      setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(body), delayMs);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  beforeEach(() => {
    fetches = 0;
    body = JSON.stringify({ keys: [KEY] });
    status = 200;
    delayMs = 0;
    now = 0;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as Error);

  it('fetches the keys once, answers from the cache until max age, and shares one fetch in flight', async () => {
    const keys = source();
    const [first, second] = await Promise.all([keys.keysAt(`${base}/a`, false), keys.keysAt(`${base}/a`, false)]);
    expect(first).to.deep.equal([KEY]);
    expect(second).to.deep.equal([KEY]);
    expect(fetches).to.equal(1);
    now = 299_999;
    await keys.keysAt(`${base}/a`, false);
    expect(fetches).to.equal(1);
    now = 300_000;
    await keys.keysAt(`${base}/a`, false);
    expect(fetches).to.equal(2);
  });

  it('a fresh fetch happens only after the cooldown', async () => {
    const keys = source();
    await keys.keysAt(`${base}/a`, false);
    now = 29_999;
    await keys.keysAt(`${base}/a`, true);
    expect(fetches).to.equal(1);
    now = 30_000;
    await keys.keysAt(`${base}/a`, true);
    expect(fetches).to.equal(2);
  });

  it('refuses a document over the size cap, a private key, a status other than 200, a slow answer; nothing is cached', async () => {
    body = JSON.stringify({ keys: [{ ...KEY, pad: 'x'.repeat(2000) }] });
    expect((await refusal(source().keysAt(`${base}/a`, false)))?.message).to.equal('the JWKS is larger than 1024 bytes');
    body = JSON.stringify({ keys: [{ ...KEY, d: 'secret' }] });
    expect((await refusal(source().keysAt(`${base}/a`, false)))?.message).to.match(/private member "d"/);
    body = JSON.stringify({ keys: [KEY] });
    status = 404;
    expect((await refusal(source().keysAt(`${base}/a`, false)))?.message).to.equal('the JWKS URI answered HTTP 404');
    status = 200;
    delayMs = 300;
    expect((await refusal(source({ timeoutMs: 50 }).keysAt(`${base}/a`, false)))?.name).to.equal('TimeoutError');
  });
});
