import { createTokenMiddleware, currentUserOf } from '@auth-service/client';
import { expect } from 'chai';
import express from 'express';
import * as client from 'openid-client';
import request from 'supertest';
import type { UserRepository } from '../../../src/domain/ports/UserRepository';
import { TYPES } from '../../../src/interfaces/composition/types';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { basic } from '../../support/oauthTestHttp';
import { pkceAuthorizationUrl } from '../../support/pkceAuthorizationUrl';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const CALLBACK = 'http://127.0.0.1:9/callback';
const AVATAR = 'https://img.example/alice.png';
const PHONE = '+86 10 1234';
/** A resource service (AUTH_CLIENTS): it fetches the keys for the client library and introspects. */
const ORDERS = { id: 'orders', secret: 'orders-secret' };
/** The user fields the service's own tokens carry; a stored client's carries them only with `profile`. */
const PROFILE_FIELDS = ['account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'grade'];

const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

/**
 * A stored client's app gets the user's fields as its scopes release them, in
 * the access token and at userinfo; a standard scope it is not registered for
 * is left out of the grant, not refused.
 */
for (const backend of STORE_BACKENDS) {
  describe(`Claims follow the scopes granted to a stored client (${backend.name})`, function () {
    this.timeout(30_000);
    let instances: TwoInstancesOnOneStore;
    let issuer: string;
    const secrets: Record<string, string> = {};

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, new FixedClock(new Date()), {
        issuerIsFirstInstance: true,
        env: { AUTH_CLIENTS: `${ORDERS.id}:${ORDERS.secret}` },
        register: async (commands) => {
          await commands.addUser('alice', '--nick', 'Alice A.', '--avatar', AVATAR, '--telephone', PHONE, '--email', 'alice@example.com');
          await commands.addUser('bob', '--nick', 'Bob B.');
          const register = async (id: string, ...scopes: string[]) => {
            secrets[id] = await commands.addClient(id, '--redirect-uri', CALLBACK, '--confidential', '--first-party', ...scopes.flatMap((scope) => ['--scope', scope]));
          };
          await register('app', 'openid', 'profile', 'phone');
          await register('narrow', 'openid');
        },
      });
      ({ issuer } = instances);
    });

    after(() => instances?.dispose());

    /** A code flow for `scope` through the sign-in form as `account`: the tokens and what userinfo answers for them. */
    async function signIn(clientId: string, scope: string, account = 'alice'): Promise<{ tokens: client.TokenEndpointResponse; info: Record<string, unknown> }> {
      const config = await client.discovery(new URL(issuer), clientId, undefined, client.ClientSecretBasic(secrets[clientId]), { execute: [client.allowInsecureRequests] });
      const { url, verifier, state } = await pkceAuthorizationUrl(config, CALLBACK);
      url.searchParams.set('scope', scope);
      const browser = new FormBrowser();
      const page = await browser.get(url.href);
      expect(page.status).to.equal(200);
      const answer = await browser.submitForm(url.href, await page.text(), { username: account, password: `${account}-pass` });
      expect(answer.status).to.equal(303);
      const tokens = await client.authorizationCodeGrant(config, new URL(answer.headers.get('location')!), { pkceCodeVerifier: verifier, expectedState: state });
      const sub = payloadOf(tokens.access_token).sub as string;
      return { tokens, info: { ...(await client.fetchUserInfo(config, tokens.access_token, sub)) } };
    }

    it('openid alone: userinfo answers sub only; the token carries neither avatar nor telephone', async () => {
      const { tokens, info } = await signIn('app', 'openid');
      const token = payloadOf(tokens.access_token);
      expect(info).to.deep.equal({ sub: token.sub });
      expect(token).not.to.have.any.keys('avatar', 'telephone', ...PROFILE_FIELDS);
    });

    it('profile: userinfo answers account, names, user id, type and picture, no telephone; the token the avatar', async () => {
      const { tokens, info } = await signIn('app', 'openid profile');
      const sub = payloadOf(tokens.access_token).sub;
      expect(info).to.deep.equal({
        sub, account: 'alice', nickName: 'Alice A.', userId: sub, userType: '4', avatar: AVATAR, name: 'Alice A.', nickname: 'Alice A.', preferred_username: 'alice', picture: AVATAR,
      });
      expect(payloadOf(tokens.access_token)).to.include({ avatar: AVATAR }).and.not.to.have.property('telephone');
    });

    it('phone: userinfo answers telephone and phone_number and nothing of the profile; the token the telephone', async () => {
      const { tokens, info } = await signIn('app', 'openid phone');
      expect(info).to.deep.equal({ sub: payloadOf(tokens.access_token).sub, telephone: PHONE, phone_number: PHONE });
      expect(payloadOf(tokens.access_token)).to.include({ telephone: PHONE }).and.not.to.have.property('avatar');
    });

    it('a client registered for openid only that asks openid profile email gets a code for openid alone', async () => {
      const { tokens, info } = await signIn('narrow', 'openid profile email');
      expect(tokens.scope).to.equal('openid');
      expect(payloadOf(tokens.access_token).scope).to.equal('openid');
      expect(info).to.deep.equal({ sub: payloadOf(tokens.access_token).sub });
    });

    /** RFC 7662 introspection by the resource service. */
    const introspect = async (token: string) =>
      (await request(instances.first.server).post('/auth/oauth/introspect').set('Authorization', basic(ORDERS.id, ORDERS.secret)).type('form').send({ token }).expect(200))
        .body as Record<string, unknown>;

    it('openid alone: the token names its user by sub alone, and still works at introspection and in a service using the client library', async () => {
      const { tokens } = await signIn('narrow', 'openid');
      const token = payloadOf(tokens.access_token);
      expect(token).to.include({ client_id: 'narrow', scope: 'openid' }).and.not.to.have.any.keys(...PROFILE_FIELDS, 'telephone');
      const answer = await introspect(tokens.access_token);
      expect(answer).to.include({ active: true, sub: token.sub, client_id: 'narrow' }).and.not.to.have.property('username');

      const guard = createTokenMiddleware({ authServerUrl: instances.firstOrigin, appId: ORDERS.id, appSecret: ORDERS.secret });
      const app = express();
      app.use(guard.middleware);
      app.get('/me', (_req, res) => res.json(currentUserOf(res)));
      try {
        await guard.start();
        const me = (await request(app).get('/me').set('Authorization', `Bearer ${tokens.access_token}`).expect(200)).body as Record<string, unknown>;
        expect(me).to.include({ id: token.sub, clientId: 'narrow', account: null, nickName: null, userType: null });
      } finally {
        await guard.stop();
      }
    });

    it('a token without account of a user disabled in the store (nothing revoked) is inactive at introspection and refused at userinfo', async () => {
      const { tokens, info } = await signIn('narrow', 'openid', 'bob');
      expect(info).to.deep.equal({ sub: payloadOf(tokens.access_token).sub });
      expect(payloadOf(tokens.access_token)).not.to.have.property('account');
      // Straight in the store, as a team's own tooling would: no revocation, only the finder's look-up by id can tell.
      await instances.first.container.get<UserRepository>(TYPES.UserRepository).setStatus('bob', 'disabled', new Date());
      expect(await introspect(tokens.access_token)).to.deep.equal({ active: false });
      const refused = await request(instances.first.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${tokens.access_token}`);
      expect(refused.status).to.equal(401);
      expect(refused.headers['www-authenticate']).to.match(/^Bearer error="invalid_token"/);
    });
  });
}
