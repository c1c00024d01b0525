import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import type { CachedRevocationView } from '../../../src/application/revocation/CachedRevocationView';
import type { KeyRing } from '../../../src/domain/model/KeyRing';
import { privateKeyFromText } from '../../../src/infrastructure/crypto/keyText';
import { TYPES } from '../../../src/interfaces/composition/types';
import { ADMIN, adminClientFlags, clientToken, expectProblem } from '../../support/adminApi';
import { FixedClock } from '../../support/FixedClock';
import { basic, expectOAuthError } from '../../support/oauthTestHttp';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

for (const backend of STORE_BACKENDS) {
  describe(`Admin API access on two instances of one ${backend.name} store`, function () {
    this.timeout(60_000);
    const clock = new FixedClock(new Date());
    let instances: TwoInstancesOnOneStore;
    const secrets: Record<string, string> = {};

    const a = () => request(instances.first.server);
    const b = () => request(instances.second.server);
    const token = (id: string, at = instances.first.server) => clientToken(at, id, secrets[id]);
    const syncRevocations = async () => {
      for (const auth of [instances.first, instances.second]) await auth.container.get<CachedRevocationView>(TYPES.RevocationView).refresh();
    };

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        env: { AUTH_ADMIN_RATE_LIMIT: '8' },
        register: async (cli) => {
          await cli.addUser('alice', '--nick', 'Alice');
          secrets.ops = await cli.addClient('ops', ...adminClientFlags('admin:read', 'admin:users', 'admin:clients', 'admin:keys'));
          secrets.reader = await cli.addClient('reader', ...adminClientFlags('admin:read'));
          secrets.people = await cli.addClient('people', ...adminClientFlags('admin:users'));
          secrets.limited = await cli.addClient('limited', ...adminClientFlags('admin:read'));
          secrets.webapp = await cli.addClient('webapp', '--confidential', '--grant', 'password', '--grant', 'client_credentials', '--scope', 'orders', '--scope', 'admin:read');
        },
      });
    });

    after(async () => {
      await instances?.dispose();
    });

    it('no token is 401 with a bare Bearer challenge; a malformed token 401 invalid_token', async () => {
      const none = await a().get(`${ADMIN}/users`);
      expectProblem(none, 401, 'unauthorized');
      expect(none.headers['www-authenticate']).to.equal('Bearer');
      const garbage = await b().get(`${ADMIN}/users`).set('Authorization', 'Bearer not.a.token');
      expectProblem(garbage, 401, 'unauthorized');
      expect(garbage.headers['www-authenticate']).to.match(/^Bearer error="invalid_token"/);
    });

    it("a user's token is 401 whatever its client's scopes; user grants never carry an admin scope", async () => {
      const userToken = await a().post('/auth/oauth/token').set('Authorization', basic('webapp', secrets.webapp)).type('form').send({ grant_type: 'password', username: 'alice', password: 'alice-pass' }).expect(200);
      expect(userToken.body.scope).to.equal('orders');
      const refused = await b().get(`${ADMIN}/users`).set('Authorization', `Bearer ${userToken.body.access_token as string}`);
      expectProblem(refused, 401, 'unauthorized');
      expect(refused.headers['www-authenticate']).to.match(/invalid_token/);
      const asked = await a().post('/auth/oauth/token').set('Authorization', basic('webapp', secrets.webapp)).type('form').send({ grant_type: 'password', username: 'alice', password: 'alice-pass', scope: 'admin:read' });
      expectOAuthError(asked, 400, 'invalid_scope');
      // The same client's own token (client_credentials) may carry it: that is the admin flow.
      const own = await clientToken(instances.first.server, 'webapp', secrets.webapp, 'admin:read');
      await b().get(`${ADMIN}/keys`).set('Authorization', `Bearer ${own}`).expect(200);
    });

    it('a missing scope is 403 with WWW-Authenticate insufficient_scope naming the scope; admin:read reads every area, an area scope writes its own', async () => {
      const reader = await token('reader');
      for (const path of ['/users', '/clients', '/keys', '/users/alice', '/users/alice/sessions']) await b().get(`${ADMIN}${path}`).set('Authorization', `Bearer ${reader}`).expect(200);
      const write = await a().post(`${ADMIN}/users/alice/disable`).set('Authorization', `Bearer ${reader}`);
      expectProblem(write, 403, 'insufficient-scope');
      expect(write.headers['www-authenticate']).to.match(/^Bearer error="insufficient_scope", error_description="[^"]+", scope="admin:users"$/);
      const people = await token('people');
      const clients = await a().get(`${ADMIN}/clients`).set('Authorization', `Bearer ${people}`);
      expectProblem(clients, 403, 'insufficient-scope');
      expect(clients.headers['www-authenticate']).to.include('scope="admin:read admin:clients"');
      expectProblem(await a().post(`${ADMIN}/keys/rotate`).set('Authorization', `Bearer ${people}`), 403, 'insufficient-scope');
      await a().get(`${ADMIN}/users/alice`).set('Authorization', `Bearer ${people}`).expect(200);
    });

    it('a token revoked at one instance is 401 at both; an expired one is 401', async () => {
      const ops = await token('ops');
      await b().get(`${ADMIN}/users`).set('Authorization', `Bearer ${ops}`).expect(200);
      await a().post('/auth/oauth/revoke').set('Authorization', basic('ops', secrets.ops)).type('form').send({ token: ops }).expect(200);
      await syncRevocations();
      for (const at of [a(), b()]) expectProblem(await at.get(`${ADMIN}/users`).set('Authorization', `Bearer ${ops}`), 401, 'unauthorized');
      const later = await token('ops');
      clock.advanceSeconds(instances.config.oauthAccessTokenTtlSeconds + 1);
      try {
        const expired = await a().get(`${ADMIN}/users`).set('Authorization', `Bearer ${later}`);
        expectProblem(expired, 401, 'unauthorized');
        expect(expired.headers['www-authenticate']).to.match(/invalid_token/);
      } finally {
        clock.advanceSeconds(-(instances.config.oauthAccessTokenTtlSeconds + 1));
      }
    });

    it("a token of another issuer is 401, even signed with this service's own key", async () => {
      const genuine = await token('ops');
      const claims = jwt.decode(genuine) as Record<string, unknown>;
      const key = instances.first.container.get<KeyRing>(TYPES.KeyRing).activeKey();
      const foreign = jwt.sign({ ...claims, iss: 'https://other-issuer.example/auth' }, privateKeyFromText(key.privateKey), {
        algorithm: key.alg as jwt.Algorithm,
        keyid: key.kid,
        header: { typ: 'at+jwt', alg: key.alg as jwt.Algorithm, kid: key.kid },
      });
      expectProblem(await b().get(`${ADMIN}/users`).set('Authorization', `Bearer ${foreign}`), 401, 'unauthorized');
    });

    it('the calls of one admin client are limited across instances (AUTH_ADMIN_RATE_LIMIT a minute), then 429 with Retry-After; other clients keep theirs', async () => {
      const limited = await token('limited');
      const statuses: number[] = [];
      for (let call = 0; call < 9; call++) statuses.push((await (call % 2 === 0 ? a() : b()).get(`${ADMIN}/keys`).set('Authorization', `Bearer ${limited}`)).status);
      expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 200, 200, 200, 429]);
      const refused = await b().get(`${ADMIN}/keys`).set('Authorization', `Bearer ${limited}`);
      expectProblem(refused, 429, 'too-many-requests');
      expect(Number(refused.headers['retry-after'])).to.be.within(1, 120);
      await a().get(`${ADMIN}/keys`).set('Authorization', `Bearer ${await token('reader')}`).expect(200);
    });

    it('admin tokens are counted under the client-secret limits when obtained: wrong secrets for the admin client are refused at the limit', async () => {
      const wrong = () => a().post('/auth/oauth/token').set('Authorization', basic('ops', 'not-the-secret')).type('form').send({ grant_type: 'client_credentials' });
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= instances.config.loginMaxAttempts; attempt++) statuses.push((await wrong()).status);
      expect(statuses.slice(0, instances.config.loginMaxAttempts).every((status) => status === 401)).to.equal(true);
      expect(statuses.at(-1)).to.equal(429);
    });
  });
}
