import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { expect } from 'chai';
import express from 'express';
import { createTokenMiddleware, currentUserOf, type TokenMiddleware } from '@auth-service/client';
import { DpopKey } from '../../support/dpopKey';
import { basic } from '../../support/oauthTestHttp';
import { INTEROP_CLIENT, OTHER_CLIENT, startInteropServer, type InteropServer } from '../../support/oauthInteropServer';
import { dpopGet, dpopPost } from '../../support/plainFetch';

/**
 * End to end: a token this service binds to a client's DPoP key, taken by a resource service built with the
 * client library only with a proof of that key for the request; as a bearer token, or without a proof, refused.
 */
describe('DPoP end to end: the service binds, the client library enforces', () => {
  let server: InteropServer;
  let guard: TokenMiddleware;
  let api: Server;
  let apiUrl: string;

  before(async () => {
    server = await startInteropServer();
    guard = createTokenMiddleware({ authServerUrl: server.origin, appId: OTHER_CLIENT.id, appSecret: OTHER_CLIENT.secret, acceptClientTokens: true });
    const app = express();
    app.use(guard.middleware);
    app.get('/me', (_req, res) => res.json(currentUserOf(res)));
    await guard.start();
    api = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/me`;
  });
  after(async () => {
    await new Promise((resolve) => api?.close(resolve));
    await guard?.stop();
    await server?.auth.close();
  });

  it('accepts the bound token with a proof for the request, and refuses it as Bearer or without a proof', async () => {
    const key = await DpopKey.generate();
    const issued = await dpopPost(`${server.issuer}/oauth/token`, { grant_type: 'client_credentials' }, {
      Authorization: basic(INTEROP_CLIENT.id, INTEROP_CLIENT.secret),
      DPoP: await key.proof('POST', `${server.issuer}/oauth/token`),
    });
    const token = issued.body.access_token as string;
    expect(issued.body.token_type).to.equal('DPoP');

    const accepted = await dpopGet(apiUrl, { Authorization: `DPoP ${token}`, DPoP: await key.proof('GET', apiUrl, { accessToken: token }) });
    expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
    expect(accepted.body).to.include({ clientId: INTEROP_CLIENT.id });

    expect((await dpopGet(apiUrl, { Authorization: `Bearer ${token}` })).status).to.equal(401);
    expect((await dpopGet(apiUrl, { Authorization: `DPoP ${token}` })).status).to.equal(401);
    const thief = await DpopKey.generate();
    expect((await dpopGet(apiUrl, { Authorization: `DPoP ${token}`, DPoP: await thief.proof('GET', apiUrl, { accessToken: token }) })).status).to.equal(401);
  });
});
