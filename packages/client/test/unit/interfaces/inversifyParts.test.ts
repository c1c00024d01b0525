import 'reflect-metadata';
import { expect } from 'chai';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Container } from 'inversify';
import { controller, httpGet, httpPost, METADATA_KEY } from 'inversify-express-utils';
import request from 'supertest';
import { TokenInvalidError, type CurrentUserDetails, type PublicKeyProvider } from '../../../src/index';
import { type GetCurrentUser } from '../../../src/application/GetCurrentUser';
import {
  CLIENT_TYPES,
  TokenInterceptor,
  TokenPrincipal,
  TokenPrincipalProvider,
  clientModule,
  isTokenSkipped,
  routeAccessOf,
  routeAccessRouter,
  routePatternOf,
  setCurrentUser,
  skipToken,
} from '../../../src/inversify';
import { createTestIssuer } from '../../../src/testing';
import { FixedClock } from '../../support/FixedClock';
import { RecordingLogger } from '../../support/RecordingLogger';

/** Defines controllers without leaving them in inversify-express-utils' global registry. */
function isolated<T>(define: () => T): T {
  const registered: unknown = Reflect.getMetadata(METADATA_KEY.controller, Reflect);
  try {
    return define();
  } finally {
    Reflect.defineMetadata(METADATA_KEY.controller, registered, Reflect);
  }
}

/** The controllers of these tests, defined when a test asks (decorators run the code under test). */
function controllers() {
  return isolated(() => {
    @controller('orders/')
    class Orders {
      @httpGet('/mine')
      mine() {}

      @skipToken()
      @httpPost('public')
      open() {}
    }
    @skipToken()
    @controller('/open')
    class Open {
      @httpGet('/')
      any() {}
    }
    return { Orders, Open };
  });
}

describe('routeAccessRouter: which controller routes need a token', () => {
  let Orders: ReturnType<typeof controllers>['Orders'];
  let Open: ReturnType<typeof controllers>['Open'];
  let app: express.Express;

  beforeEach(() => {
    ({ Orders, Open } = controllers());
    app = express();
    app.use('/ctx', routeAccessRouter([Orders, Open]));
    app.use((_req, res) => {
      res.json({ access: routeAccessOf(res) ?? null, pattern: routePatternOf(res) ?? null });
    });
  });

  it('labels a protected route with its full pattern, an open handler or controller as open, anything else unrouted', async () => {
    expect((await request(app).get('/ctx/orders/mine').timeout(2000)).body).to.deep.equal({ access: 'protected', pattern: '/ctx/orders/mine' });
    expect((await request(app).post('/ctx/orders/public').timeout(2000)).body).to.deep.equal({ access: 'open', pattern: '/ctx/orders/public' });
    expect((await request(app).get('/ctx/open').timeout(2000)).body).to.deep.equal({ access: 'open', pattern: '/ctx/open' });
    expect((await request(app).post('/ctx/orders/mine').timeout(2000)).body).to.deep.equal({ access: 'unrouted', pattern: null });
    expect((await request(app).get('/elsewhere').timeout(2000)).body).to.deep.equal({ access: null, pattern: null });
  });

  it('keeps the first label when two routers see the same request', async () => {
    const twice = express();
    twice.use('/a', routeAccessRouter([Orders]));
    twice.use('/a', routeAccessRouter([Open]));
    twice.use((_req, res) => {
      res.json({ access: routeAccessOf(res), pattern: routePatternOf(res) });
    });
    expect((await request(twice).get('/a/orders/mine').timeout(2000)).body).to.deep.equal({ access: 'protected', pattern: '/a/orders/mine' });
    expect((await request(twice).get('/a/orders/mine').timeout(2000)).body).to.deep.equal({ access: 'protected', pattern: '/a/orders/mine' });
  });

  it('keeps the label of the first router whose route matches, also when a later one would say open', async () => {
    const { Reopened } = isolated(() => {
      @controller('/orders')
      class Reopened {
        @skipToken()
        @httpGet('/mine')
        mine() {}
      }
      return { Reopened };
    });
    const layered = express();
    layered.use('/a', routeAccessRouter([Orders]), routeAccessRouter([Reopened]));
    layered.use((_req, res) => {
      res.json({ access: routeAccessOf(res) });
    });
    expect((await request(layered).get('/a/orders/mine').timeout(2000)).body).to.deep.equal({ access: 'protected' });
  });

  it('labels everything unrouted for a controller without handlers', async () => {
    const { Empty } = isolated(() => {
      @controller('/empty')
      class Empty {}
      return { Empty };
    });
    const bare = express();
    bare.use(routeAccessRouter([Empty]));
    bare.use((_req, res) => {
      res.json({ access: routeAccessOf(res) });
    });
    expect((await request(bare).get('/empty').timeout(2000)).body).to.deep.equal({ access: 'unrouted' });
  });

  it('skipToken marks a class or one handler', () => {
    expect(isTokenSkipped(Orders, 'open')).to.equal(true);
    expect(isTokenSkipped(Orders, 'mine')).to.equal(false);
    expect(isTokenSkipped(Open, 'any')).to.equal(true);
  });
});

describe('TokenInterceptor: the inversify way in', () => {
  const user = { account: 'gus' } as CurrentUserDetails;
  const run = (interceptor: TokenInterceptor, method: string, path: string, access?: string) =>
    new Promise<{ error: unknown; user: unknown }>((resolve) => {
      const res = { locals: access ? { routeAccess: access } : {} } as unknown as Response;
      const req = { method, path, headers: { authorization: 'Bearer t' } } as unknown as Request;
      const next: NextFunction = (error?: unknown) => resolve({ error, user: (res.locals as { currentUser?: unknown }).currentUser });
      // An interceptor that never calls next() would hang the request: say so instead.
      setTimeout(() => resolve({ error: 'next() was not called', user: undefined }), 1000).unref();
      interceptor.handler(req, res, next);
    });
  const checking = (answer: () => CurrentUserDetails | Promise<CurrentUserDetails>) =>
    new TokenInterceptor(
      {
        verifiedTokenRefreshingKeys: () => {
          const checked = answer();
          return checked instanceof Promise ? checked.then((found) => ({ user: found })) : { user: checked };
        },
      } as unknown as GetCurrentUser,
      ['/health'],
    );

  it('passes preflights, open and unrouted requests and pass-list paths without checking', async () => {
    const interceptor = checking(() => expect.fail('no check'));
    for (const [method, path, access] of [['OPTIONS', '/x', 'protected'], ['GET', '/x', 'open'], ['GET', '/x', 'unrouted'], ['GET', '/health', 'protected']]) {
      expect(await run(interceptor, method, path, access), `${method} ${path} ${access}`).to.deep.equal({ error: undefined, user: undefined });
    }
  });

  it('checks protected and unlabelled requests, leaving the user (at once or after a refetch)', async () => {
    expect(await run(checking(() => user), 'GET', '/x', 'protected')).to.deep.equal({ error: undefined, user });
    expect(await run(checking(() => user), 'GET', '/x')).to.deep.equal({ error: undefined, user });
    expect(await run(checking(async () => user), 'GET', '/x', 'protected')).to.deep.equal({ error: undefined, user });
  });

  it('hands token errors to the app’s error handler, thrown or rejected, with no user', async () => {
    const invalid = new TokenInvalidError('bad');
    const thrown = checking(() => {
      throw invalid;
    });
    expect(await run(thrown, 'GET', '/x', 'protected')).to.deep.equal({ error: invalid, user: undefined });
    expect(await run(checking(() => Promise.reject(invalid)), 'GET', '/x', 'protected')).to.deep.equal({ error: invalid, user: undefined });
  });
});

describe('TokenPrincipal: the verified user as inversify-express-utils’ principal', () => {
  it('is authenticated with a user, in the role of its userType, owner of its own id only', async () => {
    const res = { locals: {} } as unknown as Response;
    const principal = (await new TokenPrincipalProvider().getUser({} as Request, res)) as TokenPrincipal;
    expect(principal.details).to.equal(null);
    expect(await principal.isAuthenticated()).to.equal(false);
    expect(await principal.isInRole('4')).to.equal(false);
    expect(await principal.isResourceOwner(null)).to.equal(false);
    setCurrentUser(res, { id: '7', userType: '4' } as CurrentUserDetails);
    expect(await principal.isAuthenticated()).to.equal(true);
    expect(await principal.isInRole('4')).to.equal(true);
    expect(await principal.isInRole('1')).to.equal(false);
    expect(await principal.isResourceOwner('7')).to.equal(true);
    expect(await principal.isResourceOwner('8')).to.equal(false);
    setCurrentUser(res, { id: null, clientId: 'billing' } as CurrentUserDetails);
    expect(await principal.isAuthenticated()).to.equal(true);
    expect(await principal.isResourceOwner(null)).to.equal(false);
    expect(await principal.isResourceOwner(undefined)).to.equal(false);
    expect(await principal.isResourceOwner('billing')).to.equal(false);
  });
});

describe('clientModule: the same stack bound under CLIENT_TYPES', () => {
  const issuer = createTestIssuer();

  it('binds the host’s clock and logger when given, and keeps ones the container already has', async () => {
    const clock = new FixedClock();
    const logger = new RecordingLogger();
    const container = new Container();
    container.load(clientModule({ ...issuer.verifierOptions(), clock, logger }));
    expect(container.get(CLIENT_TYPES.Clock)).to.equal(clock);
    expect(container.get(CLIENT_TYPES.Logger)).to.equal(logger);
    const provider = container.get<PublicKeyProvider>(CLIENT_TYPES.PublicKeyProvider);
    expect(container.get(CLIENT_TYPES.VerificationKeySource)).to.equal(provider);
    expect(container.get(CLIENT_TYPES.PassList)).to.deep.equal(['/oauth/jwt/**']);
    expect(container.get(CLIENT_TYPES.TokenInterceptor)).to.be.instanceOf(TokenInterceptor);
    expect(container.get(CLIENT_TYPES.RevocationFeedProvider)).to.have.property('refresh');

    const hostClock = new FixedClock();
    const host = new Container();
    host.bind(CLIENT_TYPES.Clock).toConstantValue(hostClock);
    host.bind(CLIENT_TYPES.Logger).toConstantValue(logger);
    host.load(clientModule({ ...issuer.verifierOptions(), clock }));
    expect(host.get(CLIENT_TYPES.Clock)).to.equal(hostClock);
  });
});
