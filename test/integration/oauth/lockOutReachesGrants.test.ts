import { expect } from 'chai';
import { takesEffectWithin } from '../../support/takesEffectWithin';
import type { DataSource } from 'typeorm';
import { UserEntity } from '../../../src/infrastructure/persistence/UserEntity';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const CALLBACK = 'http://127.0.0.1:9/callback';
const VERIFIER = 'v'.repeat(43);
// BASE64URL(SHA-256(VERIFIER)), RFC 7636 §4.2.
const CHALLENGE = '7w_YNF9DSfIdPf_pRjSq646_kPr-2-o9NAl16JGghdM';

/**
 * Issue 31 §1: a lock-out (users disable, passwd, remove) reaches every grant
 * that can still mint. A code signed in for before it, exchanged on the OTHER
 * instance of the same store, answers 400 invalid_grant; a refresh-token
 * family begun before it mints nothing; a user disabled in the store itself
 * (no revocation written) gets nothing from a refresh either.
 */
for (const backend of STORE_BACKENDS) {
  describe(`A lock-out reaches codes and refresh families (${backend.name}, two instances on one store)`, function () {
    this.timeout(60_000);
    const clock = new FixedClock(new Date());
    let instances: TwoInstancesOnOneStore;
    let firstOrigin: string;
    let secondOrigin: string;
    let cliData: DataSource;

    const usersCli = async (args: string[], stdin = '') => {
      const { code, out, err } = await instances.cli.users(args, stdin);
      expect(code, [...out, ...err].join('\n')).to.equal(0);
    };

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        register: async (commands) => {
          for (const account of ['dora', 'pat', 'remy', 'stan']) await commands.addUser(account, '--nick', account);
          await commands.addClient('spa', '--redirect-uri', CALLBACK, '--public', '--first-party');
        },
      });
      ({ firstOrigin, secondOrigin } = instances);
      cliData = instances.cli.dataSource;
    });

    after(() => instances?.dispose());

    /** Signs `account` in on the first instance's form; returns the code the browser is sent back with. */
    async function codeFor(account: string): Promise<string> {
      const url = new URL(`${firstOrigin}/auth/oauth/authorize`);
      url.search = new URLSearchParams({ response_type: 'code', client_id: 'spa', redirect_uri: CALLBACK, code_challenge: CHALLENGE, code_challenge_method: 'S256', state: 's' }).toString();
      const browser = new FormBrowser();
      const page = await browser.get(url.href);
      expect(page.status).to.equal(200);
      const callback = await browser.submitForm(url.href, await page.text(), { username: account, password: `${account}-pass` });
      expect(callback.status).to.equal(303);
      return new URL(callback.headers.get('location')!).searchParams.get('code')!;
    }

    const token = (origin: string, form: Record<string, string>) =>
      fetch(`${origin}/auth/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ client_id: 'spa', ...form }) });
    const exchange = (origin: string, code: string) => token(origin, { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: VERIFIER });

    it('a code signed in for before `users disable|passwd|remove` answers 400 invalid_grant on the other instance', async () => {
      const codes = { dora: await codeFor('dora'), pat: await codeFor('pat'), remy: await codeFor('remy') };
      await usersCli(['disable', 'dora']);
      await usersCli(['passwd', 'pat', '--password-stdin'], 'pat-new-pass\n');
      await usersCli(['remove', 'remy']);
      for (const [account, code] of Object.entries(codes)) {
        const answer = await exchange(secondOrigin, code);
        expect(answer.status, account).to.equal(400);
        expect(((await answer.json()) as { error: string }).error, account).to.equal('invalid_grant');
      }
    });

    it('a family begun before the lock-out mints nothing; one begun after a password change works', async () => {
      const tokens = (await (await exchange(secondOrigin, await codeFor('stan'))).json()) as { refresh_token: string };
      expect(tokens.refresh_token).to.be.a('string');
      await usersCli(['passwd', 'stan', '--password-stdin'], 'stan-pass\n');
      const refreshed = await token(firstOrigin, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
      expect(refreshed.status).to.equal(400);
      expect(((await refreshed.json()) as { error: string }).error).to.equal('invalid_grant');
      clock.advanceSeconds(1);
      const fresh = await exchange(firstOrigin, await codeFor('stan'));
      expect(fresh.status).to.equal(200);
    });

    it('a user disabled in the store itself (no revocation written) gets nothing from a refresh: the status is checked', async () => {
      clock.advanceSeconds(1);
      const tokens = (await (await exchange(firstOrigin, await codeFor('stan'))).json()) as { refresh_token: string };
      await cliData.getRepository(UserEntity).update({ account: 'stan' }, { status: 'disabled' });
      // The other instance's cache of the user hears of it from the store within a second; until then a refresh
      // may still rotate (the newest token is sent each time, so a refusal is the status's, not a replay's).
      let current = tokens.refresh_token;
      let refused: { error?: string } = {};
      await takesEffectWithin('the refresh refused', async () => {
        const refreshed = await token(secondOrigin, { grant_type: 'refresh_token', refresh_token: current });
        const body = (await refreshed.json()) as { error?: string; refresh_token?: string };
        if (refreshed.status === 200) current = body.refresh_token!;
        else refused = body;
        return refreshed.status === 400;
      });
      expect(refused.error).to.equal('invalid_grant');
    });
  });
}
