import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import request from 'supertest';
import type { RevokeSigningKey } from '../../../src/application/RevokeSigningKey';
import type { RotateSigningKey } from '../../../src/application/RotateSigningKey';
import type { AuthServer } from '../../../src/interfaces/composition/authServer';
import type { ClientDemo } from '../../../src/interfaces/composition/clientDemo';
import { TYPES } from '@auth-service/client/internal/interfaces/composition/types';
import { startAuthServer } from '../../support/authTestServer';
import { buildTestClient, eventually } from '../../support/clientTestDemo';
import { FixedClock } from '../../support/FixedClock';
import type { SigningKeyPair } from '../../../src/domain/model/SigningKeyPair';
import { publicKeyFromText } from '@auth-service/client/internal/infrastructure/crypto/keyEncoding';
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
  describe('against the real auth service, rotating under continuous traffic', () => {
    let auth: AuthServer;
    let origin: string;
    let client: ClientDemo;

    before(async () => {
      // Short lifetimes so a rotation runs in seconds: next key published 2 s ahead,
      // instances sync every second, tokens live 3 s, verifiers allow no clock skew.
      ({ auth, origin } = await startAuthServer({
        AUTH_TOKEN_TTL_SECONDS: '3',
        AUTH_KEY_PUBLISH_AHEAD_SECONDS: '2',
        AUTH_KEY_SYNC_SECONDS: '1',
        AUTH_KEY_RETIRE_MARGIN_SECONDS: '0',
      }));
      client = buildTestClient({ AUTH_SERVER_URL: origin, AUTH_KEY_REFRESH_CRON: '* * * * * *', AUTH_CLOCK_TOLERANCE_SECONDS: '0' });
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

    it('verifies a stream of fresh tokens with zero rejections while the server rotates twice, then drops the retired kids', async () => {
      const rotate = auth.container.get<RotateSigningKey>(TYPES.RotateSigningKey);
      const firstKid = client.provider.state().kids[0];
      const signingKids = new Set<string>();
      const rejections: string[] = [];
      let verified = 0;
      let rotations = 0;
      let stop = false;

      const traffic = (async () => {
        while (!stop) {
          const login = await request(origin).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' });
          const token = login.body.data.access_token as string;
          signingKids.add(kidOf(token));
          const res = await request(client.server).get(DETAILS).set('Authorization', `Bearer ${token}`);
          if (res.status === 200) verified++;
          else rejections.push(`${res.status} ${res.body.msg} kid=${kidOf(token)}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();

      try {
        for (rotations = 0; rotations < 2; rotations++) {
          const { next } = await rotate.execute();
          await eventually(() => signingKids.has(next!.kid), 10_000, `tokens signed by ${next!.kid}`);
        }
      } finally {
        stop = true;
        await traffic;
      }

      expect(rotations).to.equal(2);
      expect(signingKids.size, 'three keys signed in turn').to.equal(3);
      expect(rejections, 'no valid token was refused').to.deep.equal([]);
      expect(verified).to.be.greaterThan(10);

      // After the retiring period (TTL 3 s + margin 0 + sync 1 s) only the active key is published,
      // and the client follows at its next refresh.
      await eventually(() => client.provider.state().kids.length === 1 && !client.provider.state().kids.includes(firstKid), 10_000, 'retired kids dropped');
      const published = (await request(origin).get('/auth/.well-known/jwks.json')).body.keys.map((key: { kid: string }) => key.kid);
      expect(client.provider.state().kids).to.deep.equal(published);
    });

    it('drops a revoked kid at the next refresh: its tokens fail at the client', async () => {
      const token = (await request(origin).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' })).body.data.access_token;
      const revokedKid = kidOf(token);
      await request(client.server).get(DETAILS).set('Authorization', `Bearer ${token}`).expect(200);

      await auth.container.get<RevokeSigningKey>(TYPES.RevokeSigningKey).execute({ kid: revokedKid });
      await eventually(() => !client.provider.state().kids.includes(revokedKid) && client.provider.state().kids.length === 1, 10_000, 'revoked kid dropped');

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
        const answers = await Promise.all(
          Array.from({ length: 1000 }, (_, i) => {
            const randomHeader = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: `random-${i}-${Math.random()}` })).toString('base64url');
            return request(client.server).get(DETAILS).set('Authorization', `Bearer ${randomHeader}.${payload}.c2ln`);
          }),
        );

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
