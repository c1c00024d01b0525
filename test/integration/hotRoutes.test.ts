import { expect } from 'chai';
import type { Request, RequestHandler, Response } from 'express';
import { Container } from 'inversify';
import { controller, httpGet, httpPost, request as bodyOf, response } from 'inversify-express-utils';
import request from 'supertest';
import { clientModule, CLIENT_TYPES, skipToken } from '@auth-service/client/inversify';
import { createHttpApp, jsonBody } from '../../src/interfaces/http/createHttpApp';
import { REQUEST_ID_HEADER } from '../../src/interfaces/http/requestLogging';
import { LOGIN_PATH } from '../support/authContract';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';
import { RecordingLogger } from '../support/RecordingLogger';

/** Headers securityHeaders() sets for pages that an API answer does without. */
const PAGE_ONLY_HEADERS = ['cross-origin-opener-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'referrer-policy', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];
const API_HEADERS = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options'];

@skipToken()
@controller('/hot')
class HotController {
  @httpPost('/echo')
  echo(@bodyOf() req: Request) {
    if ((req.body as { fail?: unknown }).fail === true) throw new Error('refused');
    return { body: req.body as unknown };
  }

  @httpGet('/echo')
  read(@response() res: Response) {
    res.json({ read: true });
  }
}

describe('hot routes: a POST to the token, introspection or login endpoint runs only what it needs', () => {
  const runs = { publicRouter: 0, beforeControllers: 0, own: 0, observer: 0 };
  // Only the probe's own requests count (the test support also asks every app for its API document).
  const counting =
    (name: keyof typeof runs): RequestHandler =>
    (req, _res, next) => {
      if (req.originalUrl.startsWith('/probe/hot/')) runs[name]++;
      next();
    };

  function app(hotRoutes: Record<string, readonly RequestHandler[]>) {
    const container = new Container();
    container.bind(CLIENT_TYPES.Logger).toConstantValue(new RecordingLogger());
    container.load(clientModule({ authServerUrl: 'http://127.0.0.1:9', appId: 'probe', appSecret: 's' }));
    return createHttpApp(container, {
      contextPath: 'probe',
      controllers: [HotController],
      publicRouters: { '': counting('publicRouter') as never },
      observers: [counting('observer')],
      beforeControllers: [counting('beforeControllers')],
      hotRoutes,
    });
  }

  it('answers a hot POST with the API headers, the access log and observers, its own handlers, and no other router', async () => {
    const probe = app({ '/hot/echo': [jsonBody(), counting('own')] });
    Object.assign(runs, { publicRouter: 0, beforeControllers: 0, own: 0, observer: 0 });
    const res = await request(probe).post('/probe/hot/echo').send({ a: 1 }).expect(200);
    expect(res.body).to.deep.equal({ body: { a: 1 } });
    expect(runs).to.deep.equal({ publicRouter: 0, beforeControllers: 0, own: 1, observer: 1 });
    expect(res.headers[REQUEST_ID_HEADER.toLowerCase()]).to.match(/^[0-9a-f-]{36}$/);
    for (const name of API_HEADERS) expect(res.headers, name).to.have.property(name);
    for (const name of PAGE_ONLY_HEADERS) expect(res.headers, name).not.to.have.property(name);
  });

  it('hands a hot route\'s error to the error handler, and leaves other methods of its path to the general stack', async () => {
    const probe = app({ '/hot/echo': [jsonBody()] });
    const failed = await request(probe).post('/probe/hot/echo').send({ fail: true }).expect(500);
    expect(failed.body).to.include({ success: false, status: 500 });
    Object.assign(runs, { publicRouter: 0, beforeControllers: 0, own: 0, observer: 0 });
    const read = await request(probe).get('/probe/hot/echo').expect(200);
    expect(read.body).to.deep.equal({ read: true });
    expect(runs).to.deep.equal({ publicRouter: 1, beforeControllers: 1, own: 0, observer: 1 });
    expect(read.headers).to.have.property('referrer-policy');
  });

  it('refuses to build a hot route no controller answers with POST', () => {
    expect(() => app({ '/hot/elsewhere': [] })).to.throw('no controller answers POST /hot/elsewhere');
  });
});

describe('hot routes of the auth service', () => {
  let server: RunningAuthServer;

  before(async () => {
    server = await startAuthServer();
  });

  after(async () => {
    await server.auth.close();
  });

  it('answers a login, a token request and an introspection with the API headers only, errors included', async () => {
    const login = await request(server.origin).post(LOGIN_PATH).send({ username: 'admin', password: 'pw' }).expect(200);
    const token = await request(server.origin).post('/auth/oauth/token').type('form').send({ grant_type: 'nothing' }).expect(400);
    expect(token.body.error).to.equal('unsupported_grant_type');
    const introspection = await request(server.origin).post('/auth/oauth/introspect').type('form').send({ token: 'x' }).expect(401);
    for (const res of [login, token, introspection]) {
      for (const name of API_HEADERS) expect(res.headers, name).to.have.property(name);
      for (const name of PAGE_ONLY_HEADERS) expect(res.headers, name).not.to.have.property(name);
    }
  });
});
