import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import express, { type Request, type Response } from 'express';
import pino from 'pino';
import request from 'supertest';
import type { Logger } from '@auth-service/client';
import { REQUEST_ID_HEADER, requestLogging } from '../../../../src/interfaces/http/requestLogging';

const silentPino = () =>
  pino(
    { level: 'info' },
    new Writable({
      write(_chunk, _encoding, done) {
        done();
      },
    }),
  );

/** A structured logger that is not pino (no child()): the plain request logging. */
const plainLogger = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as Logger;

/** An app that answers what `req.id` reads and whether the request holds it as its own property. */
function appReadingId(logger: Logger) {
  const app = express();
  app.use(requestLogging(logger));
  app.get('/id', (req, res) => {
    res.json({ id: (req as { id?: unknown }).id, own: Object.prototype.hasOwnProperty.call(req, 'id') });
  });
  app.get('/assigned', (req, res) => {
    (req as { id?: unknown }).id = 'assigned-by-handler';
    res.json({ id: (req as { id?: unknown }).id });
  });
  return app;
}

describe('req.id: the request id without a new property on the request', () => {
  for (const [name, logger] of [
    ['pino', silentPino()],
    ['a plain structured logger', plainLogger],
  ] as const) {
    it(`reads the id echoed in X-Request-Id, kept outside the request, with ${name}`, async () => {
      const app = appReadingId(logger);
      const fresh = await request(app).get('/id').expect(200);
      expect(fresh.body).to.deep.equal({ id: fresh.headers[REQUEST_ID_HEADER.toLowerCase()], own: false });
      expect(fresh.body.id).to.match(/^[0-9a-f-]{36}$/);
      const reused = await request(app).get('/id').set(REQUEST_ID_HEADER, 'trace-42').expect(200);
      expect(reused.body).to.deep.equal({ id: 'trace-42', own: false });
    });
  }

  it('lets a handler assign its own req.id, for that request only', async () => {
    const app = appReadingId(silentPino());
    expect((await request(app).get('/assigned').expect(200)).body).to.deep.equal({ id: 'assigned-by-handler' });
    const next = await request(app).get('/id').set(REQUEST_ID_HEADER, 'trace-43').expect(200);
    expect(next.body).to.deep.equal({ id: 'trace-43', own: false });
  });

  it("extends each app's own request prototype, never node's IncomingMessage", async () => {
    const first = appReadingId(silentPino());
    const second = express();
    second.get('/id', (req, res) => {
      res.json({ id: (req as { id?: unknown }).id ?? null });
    });
    await request(first).get('/id').expect(200);
    expect(Object.prototype.hasOwnProperty.call(IncomingMessage.prototype, 'id')).to.equal(false);
    expect((await request(second).get('/id').expect(200)).body).to.deep.equal({ id: null });
  });

  it('sets req.id on a request outside express (no res.locals)', () => {
    const req = new IncomingMessage(new Socket()) as unknown as Request;
    req.headers = { [REQUEST_ID_HEADER.toLowerCase()]: 'outside-1' };
    const res = new ServerResponse(req as unknown as IncomingMessage) as unknown as Response;
    let called = false;
    requestLogging(silentPino())(req, res, () => {
      called = true;
    });
    expect(called).to.equal(true);
    expect(Object.prototype.hasOwnProperty.call(req, 'id')).to.equal(true);
    expect((req as { id?: unknown }).id).to.equal('outside-1');
    expect(Object.prototype.hasOwnProperty.call(IncomingMessage.prototype, 'id')).to.equal(false);
  });
});
