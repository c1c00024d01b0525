import { expect } from 'chai';
import { AccountBrowser } from '../../support/accountBrowser';
import { FixedClock } from '../../support/FixedClock';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

for (const backend of STORE_BACKENDS) {
  describe(`the account page on two instances of one store (${backend.name})`, function () {
    this.timeout(30_000);
    const clock = new FixedClock('2026-03-01T10:00:05Z');
    let instances: TwoInstancesOnOneStore;

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        register: async (commands) => {
          for (const account of ['alice', 'bob']) await commands.addUser(account, '--nick', account);
        },
      });
    });

    after(() => instances?.dispose());

    it('shows and ends, on one instance, a session signed in on the other; a page of one instance posts to the other', async () => {
      const here = new AccountBrowser(instances.firstOrigin);
      await here.signedIn('alice', 'alice-pass');
      const there = new AccountBrowser(instances.secondOrigin);
      await there.signedIn('alice', 'alice-pass');
      // The first instance's page, posted to the second: the same form key and session store.
      const moved = here.on(instances.secondOrigin);
      expect((await moved.post('sessions_end_others')).status).to.equal(303);
      expect((await there.open()).status, 'ended on both').to.equal(302);
      expect((await there.on(instances.firstOrigin).open()).status).to.equal(302);
      expect((await here.open()).status).to.equal(200);
    });

    it('a password changed on one instance ends the sessions the other holds', async () => {
      const here = new AccountBrowser(instances.firstOrigin);
      await here.signedIn('bob', 'bob-pass');
      const there = new AccountBrowser(instances.secondOrigin);
      await there.signedIn('bob', 'bob-pass');
      clock.advanceSeconds(2);
      expect((await there.post('password_change', { current_password: 'bob-pass', new_password: 'bob-new-password' })).status).to.equal(200);
      expect((await here.open()).status).to.equal(302);
      expect((await here.on(instances.secondOrigin).open()).status).to.equal(302);
    });
  });
}
