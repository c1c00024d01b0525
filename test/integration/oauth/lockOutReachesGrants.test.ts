import { expect } from 'chai';
import { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../../src/infrastructure/persistence/createDataSource';
import { UserEntity } from '../../../src/infrastructure/persistence/UserEntity';
import { runClientsCommand } from '../../../src/interfaces/cli/clientsCommand';
import { runUsersCommand } from '../../../src/interfaces/cli/usersCommand';
import { clientsCommandDeps } from '../../../src/interfaces/composition/clientsCli';
import { infrastructureModule } from '../../../src/interfaces/composition/modules/infrastructureModule';
import { TYPES } from '../../../src/interfaces/composition/types';
import { usersCommandDeps } from '../../../src/interfaces/composition/usersCli';
import { authTestConfig } from '../../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { clockAndFastHashing } from '../../support/clockAndFastHashing';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { STORE_BACKENDS, type SharedDatabase } from '../../support/storeBackends';

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
    let database: SharedDatabase;
    let first: AuthServer;
    let second: AuthServer;
    let firstOrigin: string;
    let secondOrigin: string;
    let cliData: DataSource;
    let users: ReturnType<typeof usersCommandDeps>;

    const usersCli = async (args: string[], stdin = '') => {
      const out: string[] = [];
      const code = await runUsersCommand(args, { ...users, readStdin: async () => stdin, out: (line) => out.push(line), err: (line) => out.push(line) });
      expect(code, out.join('\n')).to.equal(0);
    };

    before(async () => {
      database = await backend.create();
      const config = authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_USER_STORE: 'database' });
      const configure = clockAndFastHashing(config, clock);
      const container = new Container();
      container.load(infrastructureModule(config));
      configure(container);
      cliData = await openDatabase(container.get<DataSource>(TYPES.DataSource));
      users = usersCommandDeps(container, cliData, config);
      for (const account of ['dora', 'pat', 'remy', 'stan']) await usersCli(['add', '--account', account, '--password-stdin', '--nick', account], `${account}-pass\n`);
      const out: string[] = [];
      expect(await runClientsCommand(['add', '--id', 'spa', '--redirect-uri', CALLBACK, '--public', '--first-party'], { ...clientsCommandDeps(container), out: (l) => out.push(l), err: (l) => out.push(l) })).to.equal(0);
      first = await buildAuthServer(config, { configure });
      firstOrigin = `http://127.0.0.1:${(await first.listen(0)).port}`;
      second = await buildAuthServer(config, { configure });
      secondOrigin = `http://127.0.0.1:${(await second.listen(0)).port}`;
    });

    after(async () => {
      await first?.close();
      await second?.close();
      if (cliData?.isInitialized) await cliData.destroy();
      await database?.dispose();
    });

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
      const refreshed = await token(secondOrigin, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
      expect(refreshed.status).to.equal(400);
      expect(((await refreshed.json()) as { error: string }).error).to.equal('invalid_grant');
    });
  });
}
