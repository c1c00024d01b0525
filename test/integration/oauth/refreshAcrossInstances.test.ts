import { expect } from 'chai';
import request from 'supertest';
import type { CachedRevocationView } from '../../../src/application/revocation/CachedRevocationView';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { TYPES } from '../../../src/interfaces/composition/types';
import { StoreCliBeside } from '../../support/StoreCliBeside';
import { authTestConfig } from '../../support/authTestServer';
import { fastPasswordHashing } from '../../support/fastPasswordHashing';
import { STORE_BACKENDS, type SharedDatabase } from '../../support/storeBackends';

const TOKEN = '/auth/oauth/token';
const SVC = `Basic ${Buffer.from('svc:s3cret').toString('base64')}`;

interface Tokens {
  access_token: string;
  refresh_token: string;
}

for (const backend of STORE_BACKENDS) {
  describe(`Refresh tokens across two instances on one ${backend.name} store`, function () {
    this.timeout(60_000);
    let database: SharedDatabase;
    let instances: AuthServer[];

    const signIn = async (at: AuthServer): Promise<Tokens> =>
      (await request(at.server).post(TOKEN).set('Authorization', SVC).type('form').send({ grant_type: 'password', username: 'alice', password: 'alice-pass' }).expect(200))
        .body as Tokens;
    const refresh = (at: AuthServer, token: string) =>
      request(at.server).post(TOKEN).set('Authorization', SVC).type('form').send({ grant_type: 'refresh_token', refresh_token: token });
    const userinfoStatus = async (at: AuthServer, access: string) =>
      (await request(at.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${access}`)).status;
    /** What each instance's AUTH_REVOCATION_SYNC_SECONDS timer does. */
    const syncTick = async () => {
      for (const auth of instances) await auth.container.get<CachedRevocationView>(TYPES.RevocationView).refresh();
    };

    before(async () => {
      database = await backend.create();
      const config = authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_USER_STORE: 'database', AUTH_CLIENTS: 'svc:s3cret' });
      const configure = fastPasswordHashing(config);
      instances = [await buildAuthServer(config, { configure }), await buildAuthServer(config, { configure })];
      const cli = await StoreCliBeside.open(config, configure);
      const { code } = await cli.users(['add', '--account', 'alice', '--password-stdin', '--nick', 'alice'], 'alice-pass\n');
      await cli.close();
      expect(code).to.equal(0);
    });

    after(async () => {
      for (const auth of instances ?? []) await auth.close();
      await database?.dispose();
    });

    it('a refresh token issued by one instance is rotated by the other, and its reuse there is detected everywhere', async () => {
      const [a, b] = instances;
      const first = await signIn(a);
      const second = (await refresh(b, first.refresh_token).expect(200)).body as Tokens;
      const third = (await refresh(a, second.refresh_token).expect(200)).body as Tokens;
      // The first token again, at the instance that never saw it used: a replay, and the family ends.
      expect((await refresh(b, first.refresh_token)).body.error).to.equal('invalid_grant');
      expect((await refresh(a, third.refresh_token)).body.error).to.equal('invalid_grant');
      await syncTick();
      for (const at of instances) {
        for (const access of [first.access_token, second.access_token, third.access_token]) expect(await userinfoStatus(at, access)).to.equal(401);
      }
    });

    it('one token presented to both instances at once: exactly one rotates it, the other ends the family', async () => {
      const [a, b] = instances;
      const { refresh_token: token } = await signIn(a);
      const answers = await Promise.all([refresh(a, token), refresh(b, token)]);
      expect(answers.map((res) => res.status).sort()).to.deep.equal([200, 400]);
      const winner = answers.find((res) => res.status === 200)!.body as Tokens;
      expect((await refresh(a, winner.refresh_token)).body.error).to.equal('invalid_grant');
      await syncTick();
      expect(await userinfoStatus(b, winner.access_token)).to.equal(401);
    });
  });
}
