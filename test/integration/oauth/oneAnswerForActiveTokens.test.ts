import { expect } from 'chai';
import { takesEffectWithin } from '../../support/takesEffectWithin';
import { UserEntity } from '../../../src/infrastructure/persistence/UserEntity';
import { FixedClock } from '../../support/FixedClock';
import { basic } from '../../support/oauthTestHttp';
import { tokenRequest } from '../../support/signInForCode';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

/**
 * Introspection, userinfo and the refresh give one answer about a token: a
 * user disabled in the store itself (no `users disable`, so no revocation is
 * written) is inactive at introspection on one instance, refused at userinfo
 * and at the refresh on the other.
 */
for (const backend of STORE_BACKENDS) {
  describe(`One answer to "is this token active" (${backend.name}, two instances on one store)`, function () {
    this.timeout(60_000);
    const clock = new FixedClock(new Date());
    let instances: TwoInstancesOnOneStore;
    let authorization: string;

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        register: async (commands) => {
          for (const account of ['dora', 'ivan']) await commands.addUser(account, '--nick', account);
          const secret = await commands.addClient('rs', '--confidential', '--grant', 'password', '--grant', 'refresh_token');
          authorization = basic('rs', secret);
        },
      });
    });

    after(() => instances?.dispose());

    const signIn = async (account: string) => {
      const tokens = await tokenRequest(instances.firstOrigin, { grant_type: 'password', username: account, password: `${account}-pass` }, { authorization });
      expect(tokens.status, JSON.stringify(tokens.body)).to.equal(200);
      return { access: tokens.body.access_token as string, refresh: tokens.body.refresh_token as string };
    };
    const introspect = async (origin: string, token: string) => {
      const answer = await fetch(`${origin}/auth/oauth/introspect`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization }, body: new URLSearchParams({ token }) });
      return (await answer.json()) as Record<string, unknown>;
    };
    const userinfoStatus = async (origin: string, access: string) => (await fetch(`${origin}/auth/oauth/userinfo`, { headers: { authorization: `Bearer ${access}` } })).status;

    it('a user disabled in the store itself: inactive at introspection, 401 at userinfo and invalid_grant at the refresh, on either instance', async () => {
      const dora = await signIn('dora');
      const ivan = await signIn('ivan');
      for (const token of [dora.access, dora.refresh]) expect(await introspect(instances.secondOrigin, token)).to.include({ active: true });

      await instances.cli.dataSource.getRepository(UserEntity).update({ account: 'dora' }, { status: 'disabled' });
      // Each instance's cache of the user hears of it from the store within a second.
      for (const origin of [instances.firstOrigin, instances.secondOrigin]) {
        await takesEffectWithin('dora inactive', async () => (await introspect(origin, dora.access)).active === false);
      }

      for (const origin of [instances.firstOrigin, instances.secondOrigin]) {
        for (const token of [dora.access, dora.refresh]) expect(await introspect(origin, token)).to.deep.equal({ active: false });
        expect(await userinfoStatus(origin, dora.access)).to.equal(401);
      }
      const refreshed = await tokenRequest(instances.secondOrigin, { grant_type: 'refresh_token', refresh_token: dora.refresh }, { authorization });
      expect(refreshed.body.error).to.equal('invalid_grant');
      // Another user of the same client is untouched.
      expect(await introspect(instances.secondOrigin, ivan.access)).to.include({ active: true }).and.not.to.have.property('username');
      expect(await userinfoStatus(instances.firstOrigin, ivan.access)).to.equal(200);
    });
  });
}
