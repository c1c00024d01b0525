import { expect } from 'chai';
import request from 'supertest';
import type { CachedRevocationView } from '../../../src/application/revocation/CachedRevocationView';
import type { ClientDemo } from '../../../src/interfaces/composition/clientDemo';
import { TYPES } from '../../../src/interfaces/composition/types';
import { CLIENT_TYPES } from '@auth-service/client/inversify';
import type { AuthServer } from '../../support/buildAuthServer';
import { buildTestClient } from '../../support/clientTestDemo';
import { clockAndFastHashing } from '../../support/clockAndFastHashing';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { ManualScheduler } from '../../support/ManualScheduler';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const CALLBACK = 'http://127.0.0.1:9/callback';
const VERIFIER = 'v'.repeat(43);
// BASE64URL(SHA-256(VERIFIER)), RFC 7636 §4.2.
const CHALLENGE = '7w_YNF9DSfIdPf_pRjSq646_kPr-2-o9NAl16JGghdM';
const CLIENT_DETAILS = '/auth-client-demo/current/user/details';

interface Tokens {
  access_token: string;
  refresh_token: string;
}

/**
 * Issue 31 §7: `clients remove` on the shared store ends what the client
 * holds on every instance: its refresh tokens and codes at once, its access
 * tokens at each instance's revocation sync and at a client service's next
 * feed read (the client library); `clients add` with the same id revives none
 * of them, and another client's tokens are untouched.
 */
for (const backend of STORE_BACKENDS) {
  describe(`clients remove ends the client's grants (${backend.name}, two instances on one store)`, function () {
    this.timeout(60_000);
    const clock = new FixedClock(new Date());
    const scheduler = new ManualScheduler();
    let store: TwoInstancesOnOneStore;
    let instances: AuthServer[];
    let origins: string[];
    let client: ClientDemo;

    const clientsCli = async (...args: string[]) => {
      const { code, out, err } = await store.cli.clients(args);
      expect(code, [...out, ...err].join('\n')).to.equal(0);
    };
    /** What each instance's AUTH_REVOCATION_SYNC_SECONDS timer does. */
    const syncTick = async () => {
      for (const auth of instances) await auth.container.get<CachedRevocationView>(TYPES.RevocationView).refresh();
    };

    before(async () => {
      store = await TwoInstancesOnOneStore.start(backend, clock, {
        env: { AUTH_CLIENTS: 'auth-client-demo:123456' },
        register: async (commands) => {
          await commands.addUser('alice', '--nick', 'alice');
          await commands.addClient('webapp', '--redirect-uri', CALLBACK, '--public', '--first-party');
          await commands.addClient('other', '--redirect-uri', CALLBACK, '--public', '--first-party');
        },
      });
      instances = [store.first, store.second];
      origins = [store.firstOrigin, store.secondOrigin];
      const configure = clockAndFastHashing(store.config, clock);
      client = buildTestClient({ AUTH_SERVER_URL: origins[1], AUTH_KEY_MAX_STALE_SECONDS: '600', AUTH_REVOCATION_MAX_STALE_SECONDS: '600' }, (container) => {
        configure(container);
        container.rebind(CLIENT_TYPES.KeyRefreshScheduler).toConstantValue(scheduler);
      });
      await client.start();
      await scheduler.tick();
    });

    after(async () => {
      await client?.close();
      await store?.dispose();
    });

    /** Signs alice in for `clientId` on the first instance's form; returns the code the browser is sent back with. */
    async function codeFor(clientId: string): Promise<string> {
      const url = new URL(`${origins[0]}/auth/oauth/authorize`);
      url.search = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: CALLBACK, code_challenge: CHALLENGE, code_challenge_method: 'S256', state: 's' }).toString();
      const browser = new FormBrowser();
      const page = await browser.get(url.href);
      expect(page.status).to.equal(200);
      const callback = await browser.submitForm(url.href, await page.text(), { username: 'alice', password: 'alice-pass' });
      expect(callback.status).to.equal(303);
      return new URL(callback.headers.get('location')!).searchParams.get('code')!;
    }
    const token = (origin: string, clientId: string, form: Record<string, string>) =>
      fetch(`${origin}/auth/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ client_id: clientId, ...form }) });
    const exchange = (origin: string, clientId: string, code: string) => token(origin, clientId, { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: VERIFIER });
    const signIn = async (clientId: string): Promise<Tokens> => {
      const answer = await exchange(origins[1], clientId, await codeFor(clientId));
      expect(answer.status).to.equal(200);
      return (await answer.json()) as Tokens;
    };
    /** userinfo on each instance, then the demo client's route (the client library's verifier and feed). */
    async function statuses(access: string): Promise<number[]> {
      const result: number[] = [];
      for (const origin of origins) result.push((await fetch(`${origin}/auth/oauth/userinfo`, { headers: { authorization: `Bearer ${access}` } })).status);
      result.push((await request(client.server).get(CLIENT_DETAILS).set('Authorization', `Bearer ${access}`)).status);
      return result;
    }
    const refreshStatuses = async (clientId: string, refreshToken: string) => {
      const result: Array<[number, string | undefined]> = [];
      for (const origin of origins) {
        const answer = await token(origin, clientId, { grant_type: 'refresh_token', refresh_token: refreshToken });
        result.push([answer.status, ((await answer.json()) as { error?: string }).error]);
      }
      return result;
    };

    it("refuses the client's refresh tokens on both instances at once and its access tokens after a sync tick; another client keeps its tokens", async () => {
      const webapp = await signIn('webapp');
      const other = await signIn('other');
      const pendingCode = await codeFor('webapp');
      expect(await statuses(webapp.access_token)).to.deep.equal([200, 200, 200]);

      await clientsCli('remove', 'webapp');

      // The client is unknown now: refused as an unknown client or as a grant it cannot hold (RFC 6749 §5.2 lets either answer).
      for (const [status, error] of await refreshStatuses('webapp', webapp.refresh_token)) {
        expect(status).to.be.oneOf([400, 401]);
        expect(error).to.be.oneOf(['invalid_grant', 'invalid_client']);
      }
      await syncTick();
      await scheduler.tick();
      expect(await statuses(webapp.access_token)).to.deep.equal([401, 401, 401]);
      expect(await statuses(other.access_token)).to.deep.equal([200, 200, 200]);
      expect((await token(origins[0], 'other', { grant_type: 'refresh_token', refresh_token: other.refresh_token })).status).to.equal(200);

      // The same id registered again (a second later) revives nothing the removed client held.
      clock.advanceSeconds(1);
      await clientsCli('add', '--id', 'webapp', '--redirect-uri', CALLBACK, '--public', '--first-party');
      expect(await refreshStatuses('webapp', webapp.refresh_token)).to.deep.equal([
        [400, 'invalid_grant'],
        [400, 'invalid_grant'],
      ]);
      for (const origin of origins) {
        const answer = await exchange(origin, 'webapp', pendingCode);
        expect([answer.status, ((await answer.json()) as { error?: string }).error]).to.deep.equal([400, 'invalid_grant']);
      }
      await syncTick();
      await scheduler.tick();
      expect(await statuses(webapp.access_token)).to.deep.equal([401, 401, 401]);

      // The new registration's own tokens work: the not-before covers only what was issued before the removal.
      const fresh = await signIn('webapp');
      expect(await statuses(fresh.access_token)).to.deep.equal([200, 200, 200]);
      expect((await token(origins[0], 'webapp', { grant_type: 'refresh_token', refresh_token: fresh.refresh_token })).status).to.equal(200);
    });

    it("refuses a confidential client's own client_credentials token on both instances after a sync tick", async () => {
      const { out: lines } = await store.cli.clients(['add', '--id', 'batch', '--confidential', '--grant', 'client_credentials']);
      const basic = `Basic ${Buffer.from(`batch:${lines.at(-1)}`).toString('base64')}`;
      const issued = await fetch(`${origins[0]}/auth/oauth/token`, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
      const { access_token: access } = (await issued.json()) as { access_token: string };
      const userinfo = async () => Promise.all(origins.map(async (origin) => (await fetch(`${origin}/auth/oauth/userinfo`, { headers: { authorization: `Bearer ${access}` } })).status));
      expect(await userinfo()).to.deep.equal([200, 200]);

      await clientsCli('remove', 'batch');
      await syncTick();
      expect(await userinfo()).to.deep.equal([401, 401]);
    });
  });
}
