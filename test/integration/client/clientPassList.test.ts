import { expect } from 'chai';
import express from 'express';
import { Container } from 'inversify';
import { controller, httpGet, type interfaces } from 'inversify-express-utils';
import request from 'supertest';
import type { PublicKeyProvider } from '@auth-service/client';
import type { CurrentUserDetails } from '@auth-service/client';
import { createTokenMiddleware, type TokenMiddleware } from '@auth-service/client';
import { clientModule } from '@auth-service/client/inversify';
import { CLIENT_TYPES } from '@auth-service/client/inversify';
import { createHttpApp, createHttpServer } from '../../../src/interfaces/http/createHttpApp';
import { currentUser, currentUserOf } from '@auth-service/client/inversify';
import { ok } from '../../../src/interfaces/http/envelope';
import { envelopeTokenErrors } from '../../../src/interfaces/http/envelopeTokenErrors';
import { skipToken } from '@auth-service/client/inversify';
import { FakeKeyServer } from '../../support/FakeKeyServer';
import { RecordingLogger } from '../../support/RecordingLogger';
import { signingKey, signToken } from '../../support/testKeys';

@controller('/reports')
class ReportsController {
  @httpGet('/public/summary')
  summary() {
    return ok('summary', 'ok');
  }

  @httpGet('/public/deep/path')
  deep() {
    return ok('deep', 'ok');
  }

  @httpGet('/mine')
  mine(@currentUser() user: interfaces.Principal<CurrentUserDetails>) {
    return ok(user.details.account, 'ok');
  }

  @skipToken()
  @httpGet('/open')
  open(@currentUser() user: interfaces.Principal<CurrentUserDetails | null>) {
    return ok(user.details === null ? 'anonymous' : 'known', 'ok');
  }
}

@skipToken()
@controller('/catalog')
class CatalogController {
  @httpGet('/items')
  items() {
    return ok(['a'], 'ok');
  }
}

@controller('/oauth/jwt')
class TokenishController {
  @httpGet('/anything')
  anything() {
    return ok('pass-listed', 'ok');
  }
}

@controller('/oauth/jwtx')
class LookalikeController {
  @httpGet('/')
  lookalike() {
    return ok('not pass-listed', 'ok');
  }
}

const PASS_LIST = ['/oauth/jwt/**', '/static/**', '/**/public/*'];
const MISSING = { success: false, status: 401, msg: '用户认证失败', data: null };

describe('client pass list and skip-token decorator', () => {
  const key = signingKey('rsa');
  let fake: FakeKeyServer;
  let origin: string;
  let token: string;

  before(async () => {
    fake = new FakeKeyServer();
    origin = await fake.start();
    fake.serveKey(key.publicKey);
    token = await signToken(key);
  });

  after(async () => {
    await fake.close();
  });

  describe('in an inversify service (clientModule + shared app builder)', () => {
    let server: ReturnType<typeof createHttpServer>;

    before(async () => {
      const container = new Container();
      container.bind(CLIENT_TYPES.Logger).toConstantValue(new RecordingLogger());
      container.load(clientModule({ authServerUrl: origin, appId: 'reports', appSecret: 's', passList: PASS_LIST }));
      server = createHttpServer(
        createHttpApp(container, {
          contextPath: 'reports-service',
          controllers: [ReportsController, CatalogController, TokenishController, LookalikeController],
          publicRouters: {},
        }),
      );
      await container.get<PublicKeyProvider>(CLIENT_TYPES.PublicKeyProvider).refresh();
    });

    const get = (path: string) => request(server).get(`/reports-service${path}`);

    it('protects every route outside the pass list and hands the verified user to the handler', async () => {
      expect((await get('/reports/mine').expect(401)).body).to.deep.equal(MISSING);
      expect((await get('/reports/mine').set('Authorization', `Bearer ${token}`).expect(200)).body.data).to.equal('admin');
    });

    it('lets pass-list paths through, relative to the context path', async () => {
      await get('/oauth/jwt/anything').expect(200);
      await get('/reports/public/summary').expect(200);
    });

    it('matches the patterns exactly: * is one segment, a prefix is not a lookalike', async () => {
      expect((await get('/reports/public/deep/path').expect(401)).body).to.deep.equal(MISSING);
      expect((await get('/oauth/jwtx').expect(401)).body).to.deep.equal(MISSING);
    });

    it('opens a handler marked @skipToken() and every handler of a marked controller', async () => {
      expect((await get('/reports/open').expect(200)).body.data).to.equal('anonymous');
      await get('/catalog/items').expect(200);
    });

    it('answers unknown paths 404, not 401', async () => {
      await get('/reports/nothing').expect(404);
    });
  });

  describe('in a plain express app (createTokenMiddleware, answering in the envelope through onError)', () => {
    let guard: TokenMiddleware;
    let app: express.Express;

    before(() => {
      guard = createTokenMiddleware({ authServerUrl: origin, appId: 'reports', appSecret: 's', passList: PASS_LIST, logger: new RecordingLogger(), onError: envelopeTokenErrors });
      app = express();
      app.use('/svc', guard.middleware);
      app.get('/svc/*', (_req, res) => {
        const user = currentUserOf(res);
        res.json(ok(user ? user.account : 'anonymous', 'ok'));
      });
    });

    after(async () => {
      await guard.stop();
    });

    it('answers 503 with Retry-After before the first key, 401 without a token', async () => {
      const response = await request(app).get('/svc/reports').set('Authorization', `Bearer ${token}`).expect(503);
      expect(response.headers['retry-after']).to.equal('60');
      expect(response.body).to.deep.equal({ success: false, status: 503, msg: '认证密钥暂不可用，请稍后重试', data: null });
      await request(app).get('/svc/reports').expect(401);
    });

    it('protects every path outside the pass list and leaves the user in res.locals', async () => {
      await guard.provider.refresh();
      expect((await request(app).get('/svc/reports').set('Authorization', `Bearer ${token}`).expect(200)).body.data).to.equal('admin');
      const refused = await request(app).get('/svc/reports').set('Authorization', 'Bearer a.b.c').expect(401);
      expect(refused.headers['www-authenticate']).to.equal('Bearer error="invalid_token"');
      expect(refused.body).to.deep.equal({ success: false, status: 401, msg: 'token 解析失败！', data: null });
    });

    it('lets pass-list paths and OPTIONS through without a token', async () => {
      expect((await request(app).get('/svc/static/app.js').expect(200)).body.data).to.equal('anonymous');
      await request(app).get('/svc/x/public/y').expect(200);
      await request(app).get('/svc/oauth/jwt/token').expect(200);
      await request(app).get('/svc/x/public/y/z').expect(401);
      const preflight = await request(app).options('/svc/reports');
      expect(preflight.status).to.not.equal(401);
    });
  });
});
