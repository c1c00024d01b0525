import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import express from 'express';
import pino from 'pino';
import { Container } from 'inversify';
import { controller, httpGet, type interfaces } from 'inversify-express-utils';
import request from 'supertest';
import { ok } from '../../../src/interfaces/http/envelope';
import { MESSAGES } from '../../../src/interfaces/http/messages';
import { createHttpApp, createHttpServer } from '../../../src/interfaces/http/createHttpApp';
import { startAuthServer, type RunningAuthServer } from '../../support/authTestServer';

/**
 * The library as another package sees it: loaded by its `exports` name from the
 * build (`npm test` builds first), not from src. Types come from src; the
 * runtime is dist.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const lib = require('auth-service/client') as typeof import('@auth-service/client');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const di = require('@auth-service/client/inversify') as typeof import('@auth-service/client/inversify');

type Principal = interfaces.Principal<import('@auth-service/client').CurrentUserDetails>;

@controller('/orders')
class OrdersController {
  @httpGet('/mine')
  mine(@di.currentUser() user: Principal) {
    return ok({ owner: user.details.account }, MESSAGES.succeeded);
  }

  @di.skipToken()
  @httpGet('/ping')
  ping() {
    return ok('pong', MESSAGES.succeeded);
  }
}

describe("the client library by its exports name ('auth-service/client')", () => {
  let running: RunningAuthServer;
  let token: string;

  before(async () => {
    running = await startAuthServer();
    token = (await request(running.auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200)).body.data
      .access_token;
  });

  after(async () => {
    await running?.auth.close();
  });

  it('resolves to the built entry point, with its type declarations next to it', () => {
    const resolved = require.resolve('auth-service/client');
    expect(resolved).to.equal(join(__dirname, '../../../dist/src/client.js'));
    expect(existsSync(resolved.replace(/\.js$/, '.d.ts'))).to.equal(true);
    // …which re-exports the workspace package, the same objects under both names.
    expect(require.resolve('@auth-service/client')).to.equal(join(__dirname, '../../../packages/client/dist/index.js'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect((require('@auth-service/client') as typeof lib).createTokenMiddleware).to.equal(lib.createTokenMiddleware);
  });

  it('starts nothing on import and loads no framework: no timers, sockets, express, inversify or reflect-metadata', () => {
    const script = [
      "require('auth-service/client');",
      "const frameworks = Object.keys(require.cache).filter((file) => /node_modules[\\\\/](express|inversify|inversify-express-utils|reflect-metadata|pino|class-validator)[\\\\/]/.test(file));",
      'console.log(JSON.stringify({ frameworks, modules: Object.keys(require.cache).length, resources: process.getActiveResourcesInfo() }));',
    ].join('\n');
    const output = execFileSync(process.execPath, ['-e', script], { cwd: join(__dirname, '../../..'), encoding: 'utf8' });
    const report = JSON.parse(output) as { frameworks: string[]; modules: number; resources: string[] };
    expect(report.frameworks).to.deep.equal([]);
    expect(report.modules).to.be.at.most(80);
    expect(report.resources.filter((name) => name !== 'TTYWrap' && name !== 'PipeWrap')).to.deep.equal([]);
  });

  it('protects an inversify service: clientModule (inversify subpath) + the service\'s createHttpApp + @currentUser() + @skipToken()', async () => {
    const container = new Container();
    container.bind(di.CLIENT_TYPES.Logger).toConstantValue(pino({ level: 'silent' }));
    container.load(
      di.clientModule({ authServerUrl: running.origin, appId: 'orders', appSecret: 'secret', refreshCron: '0 0 0 1 1 *' }),
    );
    const provider = container.get<InstanceType<typeof lib.PublicKeyProvider>>(di.CLIENT_TYPES.PublicKeyProvider);
    const server = createHttpServer(createHttpApp(container, { contextPath: 'orders-service', controllers: [OrdersController], publicRouters: {} }));
    try {
      expect((await provider.start()).outcome).to.equal('replaced');
      const mine = await request(server).get('/orders-service/orders/mine').set('Authorization', `Bearer ${token}`).expect(200);
      expect(mine.body).to.deep.equal({ success: true, status: 200, msg: '操作成功!', data: { owner: 'admin' } });
      expect((await request(server).get('/orders-service/orders/mine').expect(401)).body).to.deep.equal({ success: false, status: 401, msg: '用户认证失败', data: null });
      await request(server).get('/orders-service/orders/ping').expect(200);
    } finally {
      await provider.stop();
    }
  });

  it('protects a plain express app: createTokenMiddleware + currentUserOf(res)', async () => {
    const guard = lib.createTokenMiddleware({ authServerUrl: running.origin, appId: 'orders', appSecret: 'secret', passList: ['/health'], logger: pino({ level: 'silent' }) });
    const app = express();
    app.use('/orders-service', guard.middleware);
    app.get('/orders-service/health', (_req, res) => res.json({ status: 'UP' }));
    app.get('/orders-service/me', (_req, res) => res.json(ok(lib.currentUserOf(res), MESSAGES.succeeded)));
    try {
      const noKey = await request(app).get('/orders-service/me').set('Authorization', `Bearer ${token}`).expect(503);
      expect(noKey.headers['retry-after']).to.equal('60');
      expect(noKey.body).to.include({ code: 'KEY_UNAVAILABLE' });
      expect((await guard.start()).outcome).to.equal('replaced');
      const me = await request(app).get('/orders-service/me').set('Authorization', `Bearer ${token}`).expect(200);
      expect(me.body.data).to.include({ id: '1', account: 'admin', nickName: '管理员', userType: '4' });
      await request(app).get('/orders-service/health').expect(200);
      const refused = await request(app).get('/orders-service/me').set('Authorization', 'Bearer nope').expect(401);
      expect(refused.headers['www-authenticate']).to.equal('Bearer error="invalid_token"');
      expect(refused.body).to.include({ error: 'invalid_token', code: 'TOKEN_INVALID' });
      expect((await request(app).get('/orders-service/me').expect(401)).headers['www-authenticate']).to.equal('Bearer');
    } finally {
      await guard.stop();
    }
  });

  it('reports every bad option at once', () => {
    expect(() => lib.createTokenMiddleware({ authServerUrl: 'nope', appId: '', appSecret: '' }))
      .to.throw(lib.ConfigError)
      .with.property('problems')
      .that.has.length(3);
  });
});
