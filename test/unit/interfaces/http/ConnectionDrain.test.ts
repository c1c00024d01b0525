import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { ConnectionDrain } from '../../../../src/interfaces/http/ConnectionDrain';
import { connectError, RawConnection } from '../../../support/rawConnection';

describe('ConnectionDrain: a stopping server refuses nothing it receives', () => {
  let server: Server;
  let drain: ConnectionDrain;
  let port: number;

  beforeEach(async () => {
    drain = new ConnectionDrain();
    server = createServer((req, res) => {
      res.setHeader('content-type', 'text/plain');
      res.end(`${req.method} handled`);
    });
    drain.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(() => {
    server.closeAllConnections();
    server.close();
  });

  const post = (connection: RawConnection) => connection.write('POST /auth/oauth/jwt/token HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n');

  it('answers as usual (keep-alive) until it closes, and after leave() still handles every method', async () => {
    const connection = await RawConnection.open(port);
    post(connection);
    expect(await connection.until(/POST handled/)).to.match(/Connection: keep-alive/i);
    await drain.leave();
    connection.write('GET /auth/x HTTP/1.1\r\nHost: x\r\n\r\n');
    const text = await connection.until(/GET handled/);
    expect(text).not.to.match(/ 503 /);
    expect(connection.closed).to.equal(false);
  });

  it('on close() refuses new connections, answers a request on an open one with Connection: close, and closes it after', async () => {
    const open = await RawConnection.open(port);
    post(open);
    await open.until(/POST handled/);
    const closed = drain.close();
    expect(await connectError(port)).to.equal('ECONNREFUSED');
    expect(open.closed, 'an idle connection is left to the client').to.equal(false);
    post(open);
    await open.untilClosed();
    expect(open.text.split('POST handled')).to.have.length(3);
    expect(open.text.slice(open.text.lastIndexOf('HTTP/1.1 200'))).to.match(/Connection: close/i);
    await closed;
  });
});

describe('ConnectionDrain with no proxy in front (AUTH_SHUTDOWN_IDLE_CLOSE_MS=0)', () => {
  it('closes an idle keep-alive connection at once after close(), instead of leaving it 5 s to a proxy', async () => {
    const drain = new ConnectionDrain(0);
    const server = createServer((_req, res) => res.end('ok'));
    drain.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const open = await RawConnection.open((server.address() as AddressInfo).port);
    open.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await open.until(/ok/);
    const started = Date.now();
    await drain.close();
    // The default leaves it open for 5 s; 0 closes it within a sweep or two (25 ms each).
    expect(Date.now() - started).to.be.below(2_000);
    await open.untilClosed();
  });
});
