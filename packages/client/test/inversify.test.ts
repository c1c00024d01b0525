import 'reflect-metadata';
import { expect } from 'chai';
import express from 'express';
import { Container } from 'inversify';
import { controller, httpGet, InversifyExpressServer, METADATA_KEY, type interfaces } from 'inversify-express-utils';
import request from 'supertest';
import type { CurrentUserDetails, PublicKeyProvider } from '@auth-service/client';
import { CLIENT_TYPES, clientModule, currentUser, routeAccessRouter, skipToken, TokenInterceptor, TokenPrincipalProvider } from '@auth-service/client/inversify';
import { createTestIssuer } from '@auth-service/client/testing';

describe('@auth-service/client/inversify on the test kit', () => {
  const issuer = createTestIssuer();
  let app: express.Application;
  let provider: PublicKeyProvider;

  // Per test (there is one), not before all: the mutation run counts what runs outside a test as "static".
  beforeEach(async () => {
    // Controllers register globally on definition: build with ours only, and leave the registry as it was.
    const registered: unknown = Reflect.getMetadata(METADATA_KEY.controller, Reflect);
    Reflect.defineMetadata(METADATA_KEY.controller, [], Reflect);
    @controller('/orders')
    class OrdersController {
      @httpGet('/mine')
      mine(@currentUser() user: interfaces.Principal<CurrentUserDetails>) {
        return { owner: user.details.account };
      }

      @skipToken()
      @httpGet('/ping')
      ping() {
        return 'pong';
      }
    }
    const container = new Container();
    container.load(clientModule(issuer.verifierOptions()));
    const interceptor = container.get<TokenInterceptor>(CLIENT_TYPES.TokenInterceptor);
    const server = new InversifyExpressServer(container, null, null, null, TokenPrincipalProvider);
    server.setConfig((built) => {
      built.use(routeAccessRouter([OrdersController]), interceptor.handler);
    });
    server.setErrorConfig((built) => {
      built.use((error: { code?: string; unavailable?: boolean }, _req: express.Request, res: express.Response, next: express.NextFunction) => {
        if (!error.code) return next(error);
        res.status(error.unavailable ? 503 : 401).json({ code: error.code });
      });
    });
    try {
      app = server.build();
    } finally {
      Reflect.defineMetadata(METADATA_KEY.controller, registered, Reflect);
    }
    provider = container.get<PublicKeyProvider>(CLIENT_TYPES.PublicKeyProvider);
  });

  afterEach(() => provider.stop());

  it('answers "cannot decide" before the first key, then checks tokens with @currentUser() and @skipToken()', async () => {
    expect((await request(app).get('/orders/mine').set('Authorization', `Bearer ${issuer.sign()}`).expect(503)).body).to.deep.equal({ code: 'KEY_UNAVAILABLE' });
    await provider.start();
    const mine = await request(app).get('/orders/mine').set('Authorization', `Bearer ${issuer.sign({ account: 'carol' })}`).expect(200);
    expect(mine.body).to.deep.equal({ owner: 'carol' });
    expect((await request(app).get('/orders/mine').expect(401)).body).to.deep.equal({ code: 'TOKEN_MISSING' });
    await request(app).get('/orders/ping').expect(200);
    await request(app).get('/orders/unknown').expect(404);
  });
});
