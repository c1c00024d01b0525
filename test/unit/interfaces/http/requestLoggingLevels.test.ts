import { Writable } from 'node:stream';
import { expect } from 'chai';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { requestLogging } from '../../../../src/interfaces/http/requestLogging';

/** An app whose routes answer the given statuses, logged through pino at `level` into `lines`. */
function appLogging(level: string, lines: Record<string, unknown>[]) {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.use(requestLogging(pino({ level }, destination)));
  app.get('/actuator/health', (_req, res) => res.status(503).json({ status: 'DOWN' }));
  app.get('/later', (_req, res) => res.status(503).set('Retry-After', '60').json({}));
  app.get('/broken', (_req, res) => res.status(500).json({}));
  return app;
}

describe('request log levels (issue 20 point 9: a DOWN health probe is not an error)', () => {
  for (const level of ['info', 'warn']) {
    it(`logs a 503 without Retry-After (health DOWN) at warn with no error or stack, a 500 at error (logger at ${level})`, async () => {
      const lines: Record<string, unknown>[] = [];
      const app = appLogging(level, lines);
      await request(app).get('/actuator/health').expect(503);
      await request(app).get('/broken').expect(500);
      const down = lines.find((line) => (line.res as { statusCode?: number } | undefined)?.statusCode === 503);
      expect(down, JSON.stringify(lines)).to.include({ level: 40 });
      expect(down).not.to.have.property('err');
      expect(JSON.stringify(down)).not.to.match(/stack/);
      const broken = lines.find((line) => (line.res as { statusCode?: number } | undefined)?.statusCode === 500);
      expect(broken, JSON.stringify(lines)).to.include({ level: 50 });
      expect(broken).to.have.property('err');
    });
  }

  it('logs a 503 with Retry-After (no key yet, hashing busy) like any answer', async () => {
    const lines: Record<string, unknown>[] = [];
    await request(appLogging('info', lines)).get('/later').expect(503);
    expect(lines.find((line) => (line.res as { statusCode?: number } | undefined)?.statusCode === 503)).to.include({ level: 30 });
  });
});
