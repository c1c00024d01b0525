import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpJsonWebKeySetSource } from '../../src/infrastructure/http/HttpJsonWebKeySetSource';
import { HttpPublicKeySource } from '../../src/infrastructure/http/HttpPublicKeySource';
import { HttpRevocationFeedSource } from '../../src/infrastructure/http/HttpRevocationFeedSource';
import { HttpVerificationKeyListSource } from '../../src/infrastructure/http/HttpVerificationKeyListSource';

/** Characters RFC 6749 §2.3.1's form-encoding must carry: colon, percent, plus, space, slash, ampersand, non-ASCII. */
const APP_ID = 'svc a:1';
const SECRET = 'p@ss:w%rd+ /&é';
const EXPECTED = `Basic ${Buffer.from('svc+a%3A1:p%40ss%3Aw%25rd%2B+%2F%26%C3%A9').toString('base64')}`;

describe('HTTP sources send the client credentials as HTTP Basic, never in the URL', () => {
  let server: Server;
  let origin: string;
  const seen: Array<{ url: string; authorization: string | undefined; ifNoneMatch: string | undefined }> = [];
  let answer: (req: IncomingMessage) => [number, string] = () => [200, '{}'];

  before(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization, ifNoneMatch: req.headers['if-none-match'] });
      const [status, body] = answer(req);
      res.writeHead(status, { 'content-type': 'application/json', etag: 'W/"t1"' });
      res.end(status === 304 ? undefined : body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => seen.splice(0));

  const options = () => ({ authServerUrl: origin, authContextPath: 'auth', appId: APP_ID, appSecret: SECRET, timeoutMs: 2000 });

  it('the one-key endpoint', async () => {
    answer = () => [200, JSON.stringify({ success: true, status: 200, msg: 'ok', data: 'S0VZ' })];
    expect(await new HttpPublicKeySource(options()).fetch()).to.deep.equal({ success: true, data: 'S0VZ' });
    expect(seen).to.deep.equal([{ url: '/auth/client/user/secret/key', authorization: EXPECTED, ifNoneMatch: undefined }]);
  });

  it('the key list', async () => {
    answer = () => [200, JSON.stringify({ success: true, status: 200, msg: 'ok', data: [{ kid: 'k', alg: 'HS256', key: 'S0VZ' }] })];
    expect(await new HttpVerificationKeyListSource(options()).fetchKeys()).to.deep.equal({ served: true, success: true, keys: [{ kid: 'k', alg: 'HS256', key: 'S0VZ' }] });
    expect(seen).to.deep.equal([{ url: '/auth/client/user/secret/keys', authorization: EXPECTED, ifNoneMatch: undefined }]);
  });

  it('and none at all where no credentials belong (the published key set)', async () => {
    answer = () => [200, JSON.stringify({ keys: [] })];
    await new HttpJsonWebKeySetSource({ authServerUrl: origin, authContextPath: 'auth', timeoutMs: 2000 }).fetchKeySet();
    expect(seen).to.deep.equal([{ url: '/auth/.well-known/jwks.json', authorization: undefined, ifNoneMatch: undefined }]);
  });

  it('the revocation feed, with its cursor in the query and its ETag in If-None-Match', async () => {
    const feed = new HttpRevocationFeedSource(options());
    answer = () => [200, JSON.stringify({ success: true, status: 200, msg: 'ok', data: { subjects: [], tokens: [], cursor: 5, full: true } })];
    expect(await feed.fetch(null)).to.deep.include({ kind: 'entries', etag: 'W/"t1"', cursor: 5, full: true });
    answer = () => [304, ''];
    expect(await feed.fetch('W/"t1"', 5)).to.deep.equal({ kind: 'unchanged' });
    expect(seen).to.deep.equal([
      { url: '/auth/client/revocations', authorization: EXPECTED, ifNoneMatch: undefined },
      { url: '/auth/client/revocations?since=5', authorization: EXPECTED, ifNoneMatch: 'W/"t1"' },
    ]);
    expect(feed.endpoint).to.equal(`${origin}/auth/client/revocations`);
  });
});
