import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import request from 'supertest';
import type { RevokeSigningKey } from '../../../src/application/keys/RevokeSigningKey';
import type { RotateSigningKey } from '../../../src/application/keys/RotateSigningKey';
import type { AuthServer } from '../../../src/interfaces/composition/authServerAssembly';
import type { ClientDemo } from '../../../src/interfaces/composition/clientDemo';
import { TYPES } from '../../../src/interfaces/composition/types';
import { startAuthServer } from '../../support/authTestServer';
import { buildTestClient } from '../../support/clientTestDemo';
import { ManualScheduler } from '../../support/ManualScheduler';
import type { SyncSigningKeys } from '../../../src/application/keys/SyncSigningKeys';
import { CLIENT_TYPES } from '@auth-service/client/inversify';
import { FixedClock } from '../../support/FixedClock';
import type { SigningKeyPair } from '../../../src/domain/model/SigningKeyPair';
import { publicKeyFromText } from '../../../src/infrastructure/crypto/keyText';
import { signingKey, signToken } from '../../support/testKeys';

const DETAILS = '/auth-client-demo/current/user/details';

function kidOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).kid;
}

/** A published key set for the fake server, as the auth service publishes it. */
function jwksOf(...keys: SigningKeyPair[]) {
  return {
    keys: keys.map((key) => ({ ...publicKeyFromText(key.publicKey).export({ format: 'jwk' }), kid: key.kid, use: 'sig', alg: key.alg })),
  };
}

describe('client key set (JWKS) and rotation', () => {
  describe('against the real auth service, rotating while tokens are in use', () => {
    // One clock for both services and a manual refresh schedule: every step of the
    // rotation happens when the test says so, never by waiting on the wall clock.
    const clock = new FixedClock();
    const scheduler = new ManualScheduler();
    let auth: AuthServer;
    let origin: string;
    let client: ClientDemo;

    before(async () => {
      // Next key published 2 s ahead, tokens live 3 s, verifiers allow no clock skew;
      // instance sync runs only when the test calls it (the hourly timer never fires here).
      ({ auth, origin } = await startAuthServer(
        { AUTH_TOKEN_TTL_SECONDS: '3', AUTH_KEY_PUBLISH_AHEAD_SECONDS: '2', AUTH_KEY_SYNC_SECONDS: '3600', AUTH_KEY_RETIRE_MARGIN_SECONDS: '0' },
        (container) => container.rebind(TYPES.Clock).toConstantValue(clock),
      ));
      client = buildTestClient({ AUTH_SERVER_URL: origin, AUTH_CLOCK_TOLERANCE_SECONDS: '0' }, (container) => {
        container.rebind(TYPES.Clock).toConstantValue(clock);
        container.rebind(CLIENT_TYPES.KeyRefreshScheduler).toConstantValue(scheduler);
      });
      await client.listen(0);
    });
    after(async () => {
      await client.close();
      await auth.close();
    });

    it('holds the published set by kid', () => {
      const state = client.provider.state();
      expect(state.source).to.equal('jwks');
      expect(state.kids).to.have.length(1);
    });

    it('verifies every unexpired token with zero rejections while the server rotates twice, then drops the retired kids', async () => {
      const rotate = auth.container.get<RotateSigningKey>(TYPES.RotateSigningKey);
      const sync = auth.container.get<SyncSigningKeys>(TYPES.SyncSigningKeys);
      const firstKid = client.provider.state().kids[0];
      const issued: Array<{ token: string; at: number }> = [];
      const signingKids: string[] = [];
      const rejections: string[] = [];
      let verified = 0;
      // Log in, then present every token still inside its 3 s lifetime to the client.
      const traffic = async () => {
        const login = await request(origin).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200);
        const token = login.body.data.access_token as string;
        if (signingKids.at(-1) !== kidOf(token)) signingKids.push(kidOf(token));
        issued.push({ token, at: clock.now().getTime() });
        for (const { token: live } of issued.filter(({ at }) => clock.now().getTime() - at < 3000)) {
          const res = await request(client.server).get(DETAILS).set('Authorization', `Bearer ${live}`);
          if (res.status === 200) verified++;
          else rejections.push(`${res.status} ${res.body.msg} kid=${kidOf(live)}`);
        }
      };

      for (let rotation = 0; rotation < 2; rotation++) {
        await traffic();
        const { next } = await rotate.execute();
        clock.advanceSeconds(1);
        await sync.execute();
        await traffic();
        await scheduler.tick();
        expect(client.provider.state().kids, 'the next key is known before it signs').to.include(next!.kid);
        clock.advanceSeconds(1);
        await sync.execute();
        await traffic();
        expect(signingKids.at(-1), `tokens signed by ${next!.kid}`).to.equal(next!.kid);
        clock.advanceSeconds(1);
        await traffic();
      }

      expect(signingKids, 'three keys signed in turn').to.have.length(3);
      expect(new Set(signingKids).size).to.equal(3);
      expect(rejections, 'no valid token was refused').to.deep.equal([]);
      expect(verified).to.be.greaterThan(10);

      // After the retiring period only the active key is published, and the client follows at its next refresh.
      clock.advanceSeconds(3 + 3600);
      await sync.execute();
      await scheduler.tick();
      const published = (await request(origin).get('/auth/.well-known/jwks.json')).body.keys.map((key: { kid: string }) => key.kid);
      expect(published).to.deep.equal([signingKids[2]]);
      expect(client.provider.state().kids).to.deep.equal(published).and.not.include(firstKid);
    });

    it('drops a revoked kid at the next refresh: its tokens fail at the client', async () => {
      const token = (await request(origin).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' })).body.data.access_token;
      const revokedKid = kidOf(token);
      await request(client.server).get(DETAILS).set('Authorization', `Bearer ${token}`).expect(200);

      await auth.container.get<RevokeSigningKey>(TYPES.RevokeSigningKey).execute({ kid: revokedKid });
      await auth.container.get<SyncSigningKeys>(TYPES.SyncSigningKeys).execute();
      await scheduler.tick();
      expect(client.provider.state().kids, 'revoked kid dropped').not.to.include(revokedKid);
      expect(client.provider.state().kids).to.have.length(1);

      const refused = await request(client.server).get(DETAILS).set('Authorization', `Bearer ${token}`).expect(401);
      expect(refused.body).to.deep.equal({ success: false, status: 401, msg: 'token 解析失败！', data: null });
      const fresh = (await request(origin).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' })).body.data.access_token;
      expect(kidOf(fresh)).to.equal(client.provider.state().kids[0]);
      await request(client.server).get(DETAILS).set('Authorization', `Bearer ${fresh}`).expect(200);
    });
  });

  describe('against a fake key server', () => {
    const keyA = signingKey('rsa');
    const keyB = signingKey('rsa');
    let server: Server;
    let origin: string;
    let requests: string[];
    let body: unknown;
    let reachable: boolean;

    before(async () => {
      server = createServer((req, res) => {
        if (!reachable) {
          req.socket.destroy();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        // The issuer the client learns (testKeys' tokens carry it); not counted as a key fetch.
        if (req.url?.endsWith('/.well-known/openid-configuration')) return res.end(JSON.stringify({ issuer: 'http://localhost/auth' }));
        requests.push(req.url ?? '');
        res.end(JSON.stringify(body));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));
    beforeEach(() => {
      requests = [];
      body = jwksOf(keyA);
      reachable = true;
    });

    it('a flood of 1,000 tokens with random kids causes one key fetch per cooldown', async () => {
      const client = buildTestClient({ AUTH_SERVER_URL: origin, AUTH_KEY_UNKNOWN_KID_COOLDOWN_SECONDS: '30' });
      try {
        await client.provider.refresh();
        expect(requests).to.deep.equal(['/auth/.well-known/jwks.json']);
        requests = [];

        const payload = Buffer.from(JSON.stringify({ sub: '1' })).toString('base64url');
        const flood = (i: number) => {
          const randomHeader = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: `random-${i}-${Math.random()}` })).toString('base64url');
          return request(client.server).get(DETAILS).set('Authorization', `Bearer ${randomHeader}.${payload}.c2ln`);
        };
        // 200 connections at a time: a loaded machine resets connections beyond the listen backlog (511).
        const answers: request.Response[] = [];
        for (let batch = 0; batch < 1000; batch += 200) {
          answers.push(...(await Promise.all(Array.from({ length: 200 }, (_, i) => flood(batch + i)))));
        }
        expect(answers).to.have.length(1000);

        expect(answers.every((res) => res.status === 401 && res.body.msg === 'token 解析失败！')).to.equal(true);
        expect(requests.length, 'key fetches during the flood').to.equal(1);
        expect(client.provider.state().unknownKidRefetches).to.equal(1);
      } finally {
        await client.close();
      }
    });

    it('picks up a key published after the last refresh when a token names it (one refetch), without waiting for the schedule', async () => {
      const client = buildTestClient({ AUTH_SERVER_URL: origin });
      try {
        await client.provider.refresh();
        body = jwksOf(keyA, keyB);
        const token = await signToken(keyB);

        await request(client.server).get(DETAILS).set('Authorization', `Bearer ${token}`).expect(200);
        expect(client.provider.state().kids).to.have.members([keyA.kid, keyB.kid]);
      } finally {
        await client.close();
      }
    });

    it('keeps the last good set while the server is unreachable, for at most AUTH_KEY_MAX_STALE_SECONDS, and says so in health', async () => {
      const clock = new FixedClock(new Date());
      const client = buildTestClient({ AUTH_SERVER_URL: origin, AUTH_KEY_MAX_STALE_SECONDS: '3600' }, (c) => c.rebind(TYPES.Clock).toConstantValue(clock));
      try {
        await client.provider.refresh();
        reachable = false;
        clock.advanceSeconds(3599);
        expect((await client.provider.refresh()).outcome).to.equal('failed');
        expect(client.provider.hasAnyKey(), 'still within the bound').to.equal(true);
        const up = await request(client.server).get('/auth-client-demo/actuator/health').expect(200);
        expect(up.body.components.publicKey.details).to.include({ stale: false, source: 'jwks' });

        clock.advanceSeconds(2);
        expect(client.provider.hasAnyKey()).to.equal(false);
        const down = await request(client.server).get('/auth-client-demo/actuator/health').expect(503);
        expect(down.body.components.publicKey.status).to.equal('DOWN');
        expect(down.body.components.publicKey.details).to.include({ stale: true });
        const iat = Math.floor(clock.now().getTime() / 1000);
        const token = await signToken(keyA, { iat, exp: iat + 60 });
        const refused = await request(client.server).get(DETAILS).set('Authorization', `Bearer ${token}`).expect(503);
        expect(refused.headers['retry-after']).to.match(/^\d+$/);

        reachable = true;
        expect((await client.provider.refresh()).outcome).to.equal('unchanged');
        await request(client.server).get(DETAILS).set('Authorization', `Bearer ${token}`).expect(200);
      } finally {
        await client.close();
      }
    });
  });
});
