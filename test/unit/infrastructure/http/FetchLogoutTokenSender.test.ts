import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FetchLogoutTokenSender } from '../../../../src/infrastructure/http/FetchLogoutTokenSender';
import { freePort } from '../../../support/freePort';

describe('FetchLogoutTokenSender: the POST of a logout token', () => {
  let server: Server;
  let origin: string;
  const seen: Array<{ method?: string; type?: string; body: string }> = [];

  before(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({ method: req.method, type: req.headers['content-type'], body: Buffer.concat(chunks).toString() });
        if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end(), 500);
        if (req.url === '/moved') return void res.writeHead(302, { location: '/ok' }).end();
        res.writeHead(req.url === '/ok' ? 204 : 500).end('a body nobody reads');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
  });

  it('POSTs logout_token form-encoded; a 2xx is delivered (null)', async () => {
    expect(await new FetchLogoutTokenSender().send(`${origin}/ok`, 'a.b+c')).to.equal(null);
    expect(seen).to.deep.equal([{ method: 'POST', type: 'application/x-www-form-urlencoded', body: 'logout_token=a.b%2Bc' }]);
  });

  it('anything else names its status, a redirect included (not followed)', async () => {
    const sender = new FetchLogoutTokenSender();
    expect(await sender.send(`${origin}/fails`, 't')).to.equal('HTTP 500');
    expect(await sender.send(`${origin}/moved`, 't')).to.equal('HTTP 302');
    expect(seen.map((request) => request.body)).to.deep.equal(['logout_token=t', 'logout_token=t']);
  });

  it('no answer in time, or no connection: the reason, never a throw and never the token', async () => {
    expect(await new FetchLogoutTokenSender(100).send(`${origin}/slow`, 'secret-token')).to.equal('no answer within 100 ms');
    const refused = await new FetchLogoutTokenSender().send(`http://127.0.0.1:${await freePort()}/`, 'secret-token');
    expect(refused).to.equal('request failed: ECONNREFUSED');
  });
});
