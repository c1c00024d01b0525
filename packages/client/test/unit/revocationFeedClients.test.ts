import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { KeyFetchError } from '../../src/index';
import { HttpRevocationFeedSource } from '../../src/infrastructure/http/HttpRevocationFeedSource';

/** The removed clients of the revocation feed, as HttpRevocationFeedSource reads them. */
describe('HttpRevocationFeedSource: removed clients in the feed', () => {
  let server: Server;
  let body = '';
  let source: HttpRevocationFeedSource;

  before(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    source = new HttpRevocationFeedSource({ authServerUrl: `http://127.0.0.1:${port}`, authContextPath: 'auth', appId: 'svc', appSecret: 's', timeoutMs: 2000 });
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const answer = (data: unknown) => {
    body = JSON.stringify({ success: true, status: 200, msg: 'ok', data });
    return source.fetch(null);
  };

  it("reads each removed client's id and not-before", async () => {
    const read = await answer({ subjects: [], tokens: [], clients: [{ clientId: 'webapp', notBefore: 101, extra: 'dropped' }], cursor: 5, full: true });
    expect(read).to.deep.include({ kind: 'entries', entries: { subjects: [], tokens: [], clients: [{ clientId: 'webapp', notBefore: 101 }] } });
  });

  it('reads a feed without clients (a service that predates them) as none removed', async () => {
    const read = await answer({ subjects: [{ subject: '7', notBefore: 3 }], tokens: [] });
    expect(read).to.deep.include({ kind: 'entries', entries: { subjects: [{ subject: '7', notBefore: 3 }], tokens: [], clients: [] } });
  });

  it('refuses malformed clients as it refuses malformed subjects (the old list stays)', async () => {
    for (const clients of [{ clientId: 'x', notBefore: 1 }, [{ clientId: 1, notBefore: 1 }], [{ clientId: 'x', notBefore: '1' }], [null]]) {
      const failure = await answer({ subjects: [], tokens: [], clients }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure, JSON.stringify(clients)).to.be.instanceOf(KeyFetchError);
      expect((failure as Error).message).to.equal(Array.isArray(clients) ? 'the revocation feed answered malformed entries' : 'the revocation feed answered no entries');
    }
  });
});
