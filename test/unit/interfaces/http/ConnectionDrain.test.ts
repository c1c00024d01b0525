import { expect } from 'chai';
import express from 'express';
import request from 'supertest';
import { ConnectionDrain } from '../../../../src/interfaces/http/ConnectionDrain';
import { Readiness } from '../../../../src/interfaces/http/Readiness';

describe('ConnectionDrain: what a stopping instance refuses unhandled after its grace period', () => {
  function appOf(drain: ConnectionDrain): express.Express {
    const app = express();
    app.use(drain.refuseRetryableWhileLeaving);
    app.all('*', (_req, res) => {
      res.send('handled');
    });
    return app;
  }

  it('handles everything until it leaves', async () => {
    const app = appOf(new ConnectionDrain(new Readiness(), new Set(['/auth/oauth/jwt/token'])));
    await request(app).get('/auth/x').expect(200, 'handled');
    await request(app).post('/auth/oauth/jwt/token').expect(200, 'handled');
  });

  it('then refuses idempotent methods and POSTs to the token endpoints (503, Retry-After: 1), and still handles other POSTs', async () => {
    const drain = new ConnectionDrain(new Readiness(), new Set(['/auth/oauth/jwt/token', '/auth/oauth/token']));
    await drain.leave();
    const app = appOf(drain);
    for (const [method, path] of [
      ['get', '/auth/current/user/details'],
      ['delete', '/auth/x'],
      ['post', '/auth/oauth/jwt/token'],
      ['post', '/auth/oauth/jwt/token/'],
      ['post', '/auth/oauth/token?x=1'],
    ] as const) {
      const res = await request(app)[method](path);
      expect(res.status, `${method} ${path}`).to.equal(503);
      expect(res.headers['retry-after']).to.equal('1');
      expect(res.body).to.deep.equal({ success: false, status: 503, msg: '服务实例正在停止，请重试', data: null });
    }
    await request(app).post('/auth/oauth/revoke').expect(200, 'handled');
    await request(app).post('/auth/other/token').expect(200, 'handled');
  });
});
