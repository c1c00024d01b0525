import { expect } from 'chai';
import request from 'supertest';
import type { CachedRevocationView } from '../../../src/application/revocation/CachedRevocationView';
import { REFRESH_LIMIT } from '../../../src/interfaces/composition/modules/limitsModule';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { FixedClock } from '../../support/FixedClock';
import { STORE_BACKENDS, type SharedDatabase } from '../../support/storeBackends';

const TOKEN = '/auth/oauth/token';
const FEED = '/auth/client/revocations';
const SERVICE = { appId: 'svc', appSecret: 'Vq3-orders-service-secret-9x2LmPz' };
const ROTATIONS = 150;

interface Tokens {
  access_token: string;
  refresh_token: string;
}

interface FeedPage {
  subjects: Array<{ subject: string; notBefore: number }>;
  tokens: Array<{ jti: string; expiresAt: number }>;
}

/**
 * Issue 31 §3: the revocation list stays bounded per user. A family rotated
 * 150 times (one a second, or all within one second) and then ended by a
 * replay adds at most ~110 entries to the feed, yet every access token it issued is refused, on both
 * instances of one store; and refreshes are limited per family and per user.
 */
for (const backend of STORE_BACKENDS) {
  describe(`Ending a family is bounded per user (${backend.name}, two instances on one store)`, function () {
    this.timeout(120_000);
    const clock = new FixedClock(new Date());
    let database: SharedDatabase;
    let instances: AuthServer[];

    const tokenRequest = (at: AuthServer, form: Record<string, string>) => request(at.server).post(TOKEN).auth(SERVICE.appId, SERVICE.appSecret).type('form').send(form);
    const refresh = (at: AuthServer, token: string) => tokenRequest(at, { grant_type: 'refresh_token', refresh_token: token });
    const feed = async (at: AuthServer): Promise<FeedPage> => (await request(at.server).get(FEED).query(SERVICE).expect(200)).body.data as FeedPage;

    before(async () => {
      database = await backend.create();
      const config = authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_CLIENTS: `${SERVICE.appId}:${SERVICE.appSecret}` });
      const configure = (container: import('inversify').Container) => container.rebind(TYPES.Clock).toConstantValue(clock);
      instances = [await buildAuthServer(config, { configure }), await buildAuthServer(config, { configure })];
    });

    after(async () => {
      for (const at of instances ?? []) await at.close();
      await database?.dispose();
    });

    it(`a family rotated ${ROTATIONS} times and then ended adds at most ~110 entries, and all its access tokens are refused everywhere`, async () => {
      const before = await feed(instances[0]);
      let current = (await tokenRequest(instances[0], { grant_type: 'password', username: 'admin', password: 'any' }).expect(200)).body as Tokens;
      const first = current.refresh_token;
      const accessTokens = [current.access_token];
      for (let i = 0; i < ROTATIONS; i++) {
        clock.advanceSeconds(1);
        current = (await refresh(instances[i % 2], current.refresh_token).expect(200)).body as Tokens;
        accessTokens.push(current.access_token);
      }
      // A replay of the first token ends the family (RFC 9700 §4.14.2).
      expect((await refresh(instances[1], first).expect(400)).body.error).to.equal('invalid_grant');
      const after = await feed(instances[1]);
      const added = after.tokens.length + after.subjects.length - (before.tokens.length + before.subjects.length);
      expect(added).to.be.at.most(110);
      expect(added).to.be.at.least(100);
      for (const at of instances) await at.container.get<CachedRevocationView>(TYPES.RevocationView).refresh();
      for (const at of instances) {
        for (const access of accessTokens) await request(at.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${access}`).expect(401);
      }
    });

    it(`a family rotated ${ROTATIONS} times within one second and then ended adds at most ~110 entries: that second folds, a session begun after it is untouched`, async () => {
      clock.advanceSeconds(3 * REFRESH_LIMIT.windowSeconds);
      const before = await feed(instances[0]);
      const otherSession = (await tokenRequest(instances[1], { grant_type: 'password', username: 'admin', password: 'any' }).expect(200)).body as Tokens;
      let current = (await tokenRequest(instances[0], { grant_type: 'password', username: 'admin', password: 'any' }).expect(200)).body as Tokens;
      const first = current.refresh_token;
      const accessTokens = [current.access_token];
      for (let i = 0; i < ROTATIONS; i++) {
        current = (await refresh(instances[i % 2], current.refresh_token).expect(200)).body as Tokens;
        accessTokens.push(current.access_token);
      }
      clock.advanceSeconds(1);
      const later = (await tokenRequest(instances[1], { grant_type: 'password', username: 'admin', password: 'any' }).expect(200)).body as Tokens;
      expect((await refresh(instances[1], first).expect(400)).body.error).to.equal('invalid_grant');
      const after = await feed(instances[1]);
      const added = after.tokens.length + after.subjects.length - (before.tokens.length + before.subjects.length);
      expect(added).to.be.at.most(110);
      for (const at of instances) await at.container.get<CachedRevocationView>(TYPES.RevocationView).refresh();
      for (const at of instances) {
        for (const access of accessTokens) await request(at.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${access}`).expect(401);
        // The price of the bound: the user's other session of that very second is refused too (docs/security.md); one a second later is not.
        await request(at.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${otherSession.access_token}`).expect(401);
        await request(at.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${later.access_token}`).expect(200);
      }
      await refresh(instances[0], later.refresh_token).expect(200);
    });

    it(`refreshes are limited per family (${REFRESH_LIMIT.maxAttempts} an hour): 429 temporarily_unavailable with Retry-After, the token not spent`, async () => {
      clock.advanceSeconds(3 * REFRESH_LIMIT.windowSeconds);
      let current = (await tokenRequest(instances[0], { grant_type: 'password', username: 'admin', password: 'any' }).expect(200)).body as Tokens;
      for (let i = 0; i < REFRESH_LIMIT.maxAttempts; i++) current = (await refresh(instances[i % 2], current.refresh_token).expect(200)).body as Tokens;
      const refused = await refresh(instances[0], current.refresh_token).expect(429);
      expect(refused.body.error).to.equal('temporarily_unavailable');
      expect(Number(refused.headers['retry-after'])).to.be.greaterThan(0);
      clock.advanceSeconds(2 * REFRESH_LIMIT.windowSeconds);
      await refresh(instances[1], current.refresh_token).expect(200);
    });
  });
}
