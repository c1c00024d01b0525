import { expect } from 'chai';
import request from 'supertest';
import type { CachedRevocationView } from '../../src/application/revocation/CachedRevocationView';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { TYPES } from '../../src/interfaces/composition/types';
import { authTestConfig } from '../support/authTestServer';
import { FixedClock } from '../support/FixedClock';
import { StoreCliBeside } from '../support/StoreCliBeside';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';
import { clockAndFastHashing } from '../support/clockAndFastHashing';

const LOGIN = '/auth/oauth/jwt/token';
const DETAILS = '/auth/current/user/details';
const REVOKED = { success: false, status: 401, msg: 'token 解析失败！', data: null };

for (const backend of STORE_BACKENDS) {
  describe(`revocation across auth instances (${backend.name})`, function () {
    this.timeout(60_000);
    const clock = new FixedClock('2026-03-01T10:00:00Z');
    let database: SharedDatabase;
    let instances: AuthServer[];
    let cli: StoreCliBeside;

    const users = (args: string[], stdin = '') => cli.users(args, stdin);

    async function login(username: string, password: string, at = instances[0]): Promise<string> {
      const response = await request(at.server).post(LOGIN).send({ username, password });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      return response.body.data.access_token as string;
    }

    async function statusAt(auth: AuthServer, token: string): Promise<request.Response> {
      return request(auth.server).get(DETAILS).set('Authorization', `Bearer ${token}`);
    }

    /** What each instance's AUTH_REVOCATION_SYNC_SECONDS timer does. */
    async function syncTick(): Promise<void> {
      for (const auth of instances) await auth.container.get<CachedRevocationView>(TYPES.RevocationView).refresh();
    }

    async function expectRefusedEverywhere(token: string): Promise<void> {
      for (const auth of instances) {
        const response = await statusAt(auth, token);
        expect(response.status).to.equal(401);
        expect(response.body).to.deep.equal(REVOKED);
        expect(response.headers['www-authenticate']).to.equal('Bearer error="invalid_token"');
      }
    }

    async function expectAcceptedEverywhere(token: string): Promise<void> {
      for (const auth of instances) expect((await statusAt(auth, token)).status).to.equal(200);
    }

    before(async () => {
      database = await backend.create();
      const config = authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_USER_STORE: 'database' });
      const withClock = clockAndFastHashing(config, clock);
      instances = [await buildAuthServer(config, { configure: withClock })];
      instances.push(await buildAuthServer(config, { configure: withClock }));
      cli = await StoreCliBeside.open(config, withClock);
      for (const account of ['alice', 'bob', 'carol']) {
        expect((await users(['add', '--account', account, '--password-stdin', '--nick', account], `${account}-pass\n`)).code).to.equal(0);
      }
    });

    after(async () => {
      for (const auth of instances ?? []) await auth.close();
      await cli?.close();
      await database?.dispose();
    });

    it('users disable refuses the earlier tokens at every instance after one sync tick; enable lets new logins in', async () => {
      const cached = await login('alice', 'alice-pass');
      const other = await login('alice', 'alice-pass', instances[1]);
      await expectAcceptedEverywhere(cached); // now in both instances' verified-token caches
      const bobs = await login('bob', 'bob-pass');

      expect(await users(['disable', 'alice'])).to.deep.include({ code: 0, out: ['disabled user alice'] });
      await syncTick();

      await expectRefusedEverywhere(cached);
      await expectRefusedEverywhere(other);
      await expectAcceptedEverywhere(bobs);

      expect((await users(['enable', 'alice'])).code).to.equal(0);
      clock.advanceSeconds(1);
      await expectAcceptedEverywhere(await login('alice', 'alice-pass'));
      await expectRefusedEverywhere(cached);
    });

    it('users passwd refuses the earlier tokens everywhere and takes the new password', async () => {
      const before = await login('bob', 'bob-pass');
      await expectAcceptedEverywhere(before);

      expect(await users(['passwd', 'bob', '--password-stdin'], 'new-bob-pass\n')).to.deep.include({ code: 0 });
      await syncTick();

      await expectRefusedEverywhere(before);
      clock.advanceSeconds(1);
      expect((await request(instances[1].server).post(LOGIN).send({ username: 'bob', password: 'bob-pass' })).status).to.equal(401);
      await expectAcceptedEverywhere(await login('bob', 'new-bob-pass', instances[1]));
    });

    it('users passwd keeps the add rules, and unknown accounts answer 1', async () => {
      expect(await users(['passwd', 'bob', '--password-stdin'], '   \n')).to.deep.include({ code: 1 });
      expect(await users(['passwd', 'nobody', '--password-stdin'], 'long enough\n')).to.deep.include({ code: 1, err: ['users: no user with account "nobody"'] });
      expect(await users(['remove', 'nobody'])).to.deep.include({ code: 1, err: ['users: no user with account "nobody"'] });
      expect((await users(['passwd', 'bob'])).code).to.equal(2);
    });

    it('users remove refuses the earlier tokens everywhere and the account is gone', async () => {
      const before = await login('carol', 'carol-pass');
      await expectAcceptedEverywhere(before);

      expect(await users(['remove', 'carol'])).to.deep.include({ code: 0, out: ['removed user carol; its tokens are revoked'] });
      await syncTick();

      await expectRefusedEverywhere(before);
      const listed = await users(['list']);
      expect(listed.out.map((line) => line.split('\t')[0])).to.deep.equal(['account', 'alice', 'bob']);
      expect(listed.out[0].split('\t')).to.include('lastChange');
    });

    it('the revoking instance refuses at once, without waiting for a sync', async () => {
      const token = await login('alice', 'alice-pass');
      await expectAcceptedEverywhere(token);
      const users0 = instances[0].container.get<{ execute(input: { subject: string }): Promise<void> }>(TYPES.RevokeUserTokens);
      const subject = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;
      await users0.execute({ subject });
      expect((await statusAt(instances[0], token)).status).to.equal(401);
    });
  });
}
