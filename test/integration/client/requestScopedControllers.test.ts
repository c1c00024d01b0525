import { expect } from 'chai';
import { Container, inject } from 'inversify';
import { BaseHttpController, controller, httpGet, TYPE, type interfaces } from 'inversify-express-utils';
import request from 'supertest';
import type { PublicKeyProvider } from '@auth-service/client';
import type { CurrentUserDetails } from '@auth-service/client';
import { clientModule } from '@auth-service/client/inversify';
import { CLIENT_TYPES } from '@auth-service/client/inversify';
import { createHttpApp, createHttpServer } from '../../../src/interfaces/http/createHttpApp';
import { ok } from '../../../src/interfaces/http/envelope';
import { FakeKeyServer } from '../../support/FakeKeyServer';
import { RecordingLogger } from '../../support/RecordingLogger';
import { signingKey, signToken } from '../../support/testKeys';

let baseInstances = 0;
let injectedInstances = 0;

/** Reads the request through BaseHttpController's httpContext: must be built per request. */
@controller('/base')
class ContextReadingController extends BaseHttpController {
  constructor() {
    super();
    baseInstances++;
  }

  @httpGet('/who')
  async who() {
    const user = this.httpContext.user as interfaces.Principal<CurrentUserDetails | null>;
    return ok({ account: user.details?.account ?? null, url: this.httpContext.request.originalUrl }, 'ok');
  }
}

/** Injects the HttpContext in its constructor. */
@controller('/injected')
class ContextInjectedController {
  constructor(@inject(TYPE.HttpContext) private readonly context: interfaces.HttpContext) {
    injectedInstances++;
  }

  @httpGet('/header')
  header() {
    return ok(this.context.request.headers['x-probe'] ?? null, 'ok');
  }
}

describe('controllers that use the request context keep a per-request context', () => {
  const key = signingKey('rsa');
  let fake: FakeKeyServer;
  let server: ReturnType<typeof createHttpServer>;
  let token: string;

  before(async () => {
    fake = new FakeKeyServer();
    const origin = await fake.start();
    fake.serveKey(key.publicKey);
    token = await signToken(key);
    const container = new Container();
    container.bind(CLIENT_TYPES.Logger).toConstantValue(new RecordingLogger());
    container.load(clientModule({ authServerUrl: origin, appId: 'probe', appSecret: 's' }));
    server = createHttpServer(
      createHttpApp(container, { contextPath: 'probe', controllers: [ContextReadingController, ContextInjectedController], publicRouters: {} }),
    );
    await container.get<PublicKeyProvider>(CLIENT_TYPES.PublicKeyProvider).refresh();
  });

  after(async () => {
    await fake.close();
  });

  it('gives a BaseHttpController the verified user and the request of each request', async () => {
    const before = baseInstances;
    for (let i = 0; i < 3; i++) {
      const res = await request(server).get('/probe/base/who').set('Authorization', `Bearer ${token}`).expect(200);
      expect(res.body.data).to.deep.equal({ account: 'admin', url: '/probe/base/who' });
    }
    expect(baseInstances - before).to.be.at.least(3);
  });

  it('gives a controller that injects HttpContext the context of its own request', async () => {
    const before = injectedInstances;
    for (const probe of ['one', 'two']) {
      const res = await request(server).get('/probe/injected/header').set('Authorization', `Bearer ${token}`).set('X-Probe', probe).expect(200);
      expect(res.body.data).to.equal(probe);
    }
    expect(injectedInstances - before).to.be.at.least(2);
  });
});
