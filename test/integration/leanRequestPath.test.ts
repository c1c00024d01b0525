import { expect } from 'chai';
import express from 'express';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import request from 'supertest';
import { createLogger } from '../../src/infrastructure/logging/createLogger';
import { TYPES } from '../../src/interfaces/composition/types';
import { REQUEST_ID_HEADER, requestLogging } from '../../src/interfaces/http/requestLogging';
import { CURRENT_USER_PATH, KEY_PATH, loginToken } from '../support/authContract';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';
import { LogCapture } from '../support/LogCapture';
import { weakEtag } from '../../src/interfaces/http/weakEtag';

/** Counts calls of one method of an object, calling through. */
function countCalls<T extends object>(target: T, method: keyof T): { count: number } {
  const counter = { count: 0 };
  const original = (target[method] as (...args: unknown[]) => unknown).bind(target);
  (target as Record<keyof T, unknown>)[method] = (...args: unknown[]) => {
    counter.count++;
    return original(...args);
  };
  return counter;
}

describe('per-request work on the auth service at LOG_LEVEL=warn', () => {
  const capture = new LogCapture();
  let server: RunningAuthServer;
  let children: { count: number };
  let childContainers: { count: number };

  before(async () => {
    server = await startAuthServer({}, (container: Container) => {
      const logger = createLogger({ name: 'test', level: 'warn', destination: capture });
      container.rebind(TYPES.Logger).toConstantValue(logger);
      children = countCalls(logger as Logger, 'child');
      childContainers = countCalls(container, 'createChild');
    });
  });

  after(async () => {
    await server.auth.close();
  });

  it('answers protected and open GETs with no child logger and no child container per request', async () => {
    const token = await loginToken(server.origin);
    children.count = 0;
    childContainers.count = 0;
    capture.lines.length = 0;
    for (let i = 0; i < 5; i++) {
      const res = await request(server.origin).get(CURRENT_USER_PATH).set('Authorization', `Bearer ${token}`).expect(200);
      expect(res.headers[REQUEST_ID_HEADER.toLowerCase()]).to.match(/^[0-9a-f-]{36}$/);
      await request(server.origin).get(KEY_PATH).query({ appId: 'a', appSecret: 'b' }).expect(200);
    }
    expect(children.count).to.equal(0);
    expect(childContainers.count).to.equal(0);
    expect(capture.lines, 'nothing at warn for 2xx').to.deep.equal([]);
  });

  it("tags a controller's JSON answer with express's own weak ETag, computed by weakEtag", async () => {
    expect(server.auth.app.get('etag fn')).to.equal(weakEtag);
    const token = await loginToken(server.origin);
    const res = await request(server.origin).get(CURRENT_USER_PATH).set('Authorization', `Bearer ${token}`).expect(200);
    const expressDefault = express().get('etag fn') as (body: Buffer) => string;
    expect(res.headers.etag).to.equal(expressDefault(Buffer.from(res.text)));
  });

  it('still answers a path that does not decode with 400', async () => {
    const res = await request(server.origin).get('/auth/%E0%A4%A').expect(400);
    expect(res.body).to.include({ success: false, status: 400 });
  });
});

describe('request logging of a 5xx when info is off', () => {
  /** The line written for a 500 at info, and the one written at warn: the same fields. */
  async function errorLine(level: string): Promise<Record<string, unknown>> {
    const capture = new LogCapture();
    const app = express();
    app.use(requestLogging(createLogger({ name: 'test', level, destination: capture })));
    app.get('/boom', (_req, res) => {
      res.status(500).json({ failed: true });
    });
    await request(app).get('/boom?token=hide-me').set(REQUEST_ID_HEADER, 'req-42').expect(500);
    await new Promise((resolve) => setImmediate(resolve));
    const lines = capture.records().filter((line) => line.msg === 'request errored');
    expect(lines, capture.text()).to.have.length(1);
    return lines[0];
  }

  it('writes the same request errored line at warn as at info, with the request id and a masked URL', async () => {
    const atInfo = await errorLine('info');
    const atWarn = await errorLine('warn');
    expect(Object.keys(atWarn).sort()).to.deep.equal(Object.keys(atInfo).sort());
    for (const line of [atInfo, atWarn]) {
      expect(line.reqId).to.equal('req-42');
      expect(line.level).to.equal(50);
      expect(line.res).to.deep.equal({ statusCode: 500 });
      expect((line.req as Record<string, unknown>).url).to.equal('/boom?token=[redacted]');
    }
    expect(atWarn.req).to.deep.equal(atInfo.req);
  });

  it('writes no error line for a deliberate 503 with Retry-After (a refused burst is not a fault), at warn as at info', async () => {
    for (const level of ['info', 'warn']) {
      const capture = new LogCapture();
      const app = express();
      app.use(requestLogging(createLogger({ name: 'test', level, destination: capture })));
      app.get('/busy', (_req, res) => {
        res.status(503).set('Retry-After', '1').json({ busy: true });
      });
      await request(app).get('/busy').expect(503);
      await new Promise((resolve) => setImmediate(resolve));
      expect(capture.records().filter((line) => (line.level as number) >= 50), `${level}: ${capture.text()}`).to.deep.equal([]);
    }
  });
});


describe('the access log at LOG_LEVEL=info (the default)', () => {
  it('writes one line per request with no child logger per request', async () => {
    const capture = new LogCapture();
    const logger = createLogger({ name: 'test', level: 'info', destination: capture });
    const children = countCalls(logger as Logger, 'child');
    const app = express();
    app.use(requestLogging(logger));
    app.get('/ok', (_req, res) => {
      res.json({ ok: true });
    });
    const built = children.count;
    for (let i = 0; i < 5; i++) await request(app).get('/ok?appSecret=hide-me').expect(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(children.count - built).to.equal(0);
    // Only this test's requests (a stray request from an earlier test's background work may reach a reused port).
    const completed = capture.records().filter((line) => (line.req as { url: string }).url.startsWith('/ok?'));
    expect(completed.map((line) => line.msg), capture.text()).to.deep.equal(Array(5).fill('request completed'));
    expect(completed[0]).to.include.keys('reqId', 'req', 'res', 'responseTime');
    expect((completed[0].req as Record<string, unknown>).url).to.equal('/ok?appSecret=[redacted]');
    expect(capture.text()).not.to.include('hide-me');
  });

  it('writes a request aborted line, not an error, when the client goes away before the answer', async () => {
    const capture = new LogCapture();
    const app = express();
    app.use(requestLogging(createLogger({ name: 'test', level: 'info', destination: capture })));
    let closed!: () => void;
    const clientGone = new Promise<void>((resolve) => (closed = resolve));
    app.get('/slow', (req) => {
      req.socket.once('close', closed);
      req.socket.destroy();
    });
    await request(app).get('/slow').catch(() => undefined);
    await clientGone;
    await new Promise((resolve) => setImmediate(resolve));
    const lines = capture.records();
    expect(lines.map((line) => line.msg), capture.text()).to.deep.equal(['request aborted']);
    expect(lines[0].level).to.equal(30);
  });
});
