import { expect } from 'chai';
import { decodeJws } from '../../support/compactJws';
import { DpopKey } from '../../support/dpopKey';
import { decideOnDevicePage, deviceAuthorization, DEVICE_GRANT, pollDeviceCode } from '../../support/deviceFlow';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const USER_CODE = /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/;

/**
 * The device authorization grant (RFC 8628) on two instances of one store: started at one, approved on the
 * page at either, polled at the other; every polling answer; one token set per code; lock-out and client
 * removal end codes; wrong user codes counted under the limits.
 */
for (const backend of STORE_BACKENDS) {
  describe(`Device authorization grant (${backend.name}, two instances on one store)`, function () {
    this.timeout(60_000);
    const clock = new FixedClock(new Date());
    let instances: TwoInstancesOnOneStore;
    let secret: string;

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        env: { AUTH_LOGIN_MAX_ATTEMPTS: '20' },
        register: async (cli) => {
          for (const account of ['alice', 'bob', 'carol']) await cli.addUser(account, '--nick', account);
          await cli.addClient('tv', '--public', '--grant', DEVICE_GRANT, '--grant', 'refresh_token', '--scope', 'openid', '--scope', 'profile', '--name', 'Living-room TV');
          await cli.addClient('cli-tool', '--public', '--grant', DEVICE_GRANT, '--scope', 'openid');
          await cli.addClient('web', '--public', '--first-party', '--redirect-uri', 'http://127.0.0.1:9/cb');
          secret = (await cli.addClient('box', '--confidential', '--grant', DEVICE_GRANT, '--scope', 'profile')).trim().split('\n').pop()!;
        },
      });
    });
    after(() => instances?.dispose());

    const start = async (clientId = 'tv', extra: Record<string, string> = {}) => {
      const started = await deviceAuthorization(instances.firstOrigin, { client_id: clientId, ...extra });
      expect(started.status, JSON.stringify(started.body)).to.equal(200);
      return { deviceCode: String(started.body.device_code), userCode: String(started.body.user_code), body: started.body };
    };

    it('answers RFC 8628 §3.2: a device code, an XXXX-XXXX user code, where to go, 600 s and a 5 s interval, never cached', async () => {
      const started = await deviceAuthorization(instances.firstOrigin, { client_id: 'tv', scope: 'openid profile' });
      expect(started.status).to.equal(200);
      expect(started.cacheControl).to.equal('no-store');
      const { body } = started;
      expect(body.device_code).to.match(/^[A-Za-z0-9_-]{43,}$/);
      expect(body.user_code).to.match(USER_CODE);
      expect(body.verification_uri).to.equal(`${instances.issuer.replace(/\/+$/, '')}/device`);
      expect(body.verification_uri_complete).to.equal(`${body.verification_uri}?user_code=${body.user_code}`);
      expect(body).to.deep.include({ expires_in: 600, interval: 5 });
    });

    it('refuses a client not registered for the grant, an unknown one, a scope beyond the registration, a confidential client without its secret', async () => {
      expect((await deviceAuthorization(instances.firstOrigin, { client_id: 'web' })).body.error).to.equal('unauthorized_client');
      const unknown = await deviceAuthorization(instances.firstOrigin, { client_id: 'nobody' });
      expect([unknown.status, unknown.body.error]).to.deep.equal([400, 'invalid_client']);
      expect((await deviceAuthorization(instances.firstOrigin, { client_id: 'tv', scope: 'admin' })).body.error).to.equal('invalid_scope');
      expect((await deviceAuthorization(instances.firstOrigin, { client_id: 'box' })).body.error).to.equal('invalid_client');
      expect((await deviceAuthorization(instances.firstOrigin, {})).body.error).to.equal('invalid_client');
      const confidential = await deviceAuthorization(instances.firstOrigin, {}, { authorization: `Basic ${Buffer.from(`box:${secret}`).toString('base64')}` });
      expect(confidential.status, JSON.stringify(confidential.body)).to.equal(200);
    });

    it('polls answer authorization_pending, slow_down sooner than the interval (which grows by 5 s), across instances', async () => {
      const { deviceCode } = await start();
      expect((await pollDeviceCode(instances.secondOrigin, deviceCode, 'tv')).body.error).to.equal('authorization_pending');
      clock.advanceSeconds(4);
      const slow = await pollDeviceCode(instances.firstOrigin, deviceCode, 'tv');
      expect([slow.status, slow.body.error]).to.deep.equal([400, 'slow_down']);
      // The interval is 10 s now, kept in the store: 9 s later is still too soon at the other instance.
      clock.advanceSeconds(9);
      expect((await pollDeviceCode(instances.secondOrigin, deviceCode, 'tv')).body.error).to.equal('slow_down');
      clock.advanceSeconds(15);
      expect((await pollDeviceCode(instances.firstOrigin, deviceCode, 'tv')).body.error).to.equal('authorization_pending');
    });

    it('approved on the page at one instance, redeemed at the other: the code flow\'s tokens, once', async () => {
      const { deviceCode, userCode } = await start('tv', { scope: 'openid profile' });
      const decided = await decideOnDevicePage(instances.firstOrigin, userCode, 'alice', 'approve');
      expect(decided.approvalHtml).to.include('Living-room TV').and.include(userCode).and.include('alice');
      expect(decided.status).to.equal(200);
      const tokens = await pollDeviceCode(instances.secondOrigin, deviceCode, 'tv');
      expect(tokens.status, JSON.stringify(tokens.body)).to.equal(200);
      expect(tokens.body).to.include({ token_type: 'Bearer', scope: 'openid profile' });
      expect(tokens.body).to.have.keys('access_token', 'token_type', 'expires_in', 'scope', 'refresh_token', 'id_token');
      const again = await pollDeviceCode(instances.firstOrigin, deviceCode, 'tv');
      expect([again.status, again.body.error]).to.deep.equal([400, 'invalid_grant']);
      const refreshed = await fetch(`${instances.firstOrigin}/auth/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: String(tokens.body.refresh_token), client_id: 'tv' }),
      });
      expect(refreshed.status).to.equal(200);
    });

    it('with a DPoP proof the tokens are bound to the key, as on every grant', async () => {
      const { deviceCode, userCode } = await start('tv', { scope: 'openid' });
      await decideOnDevicePage(instances.secondOrigin, userCode, 'alice', 'approve');
      const key = await DpopKey.generate();
      const proof = await key.proof('POST', `${instances.issuer.replace(/\/+$/, '')}/oauth/token`, { iat: Math.floor(clock.now().getTime() / 1000) });
      const tokens = await pollDeviceCode(instances.firstOrigin, deviceCode, 'tv', { DPoP: proof });
      expect(tokens.status, JSON.stringify(tokens.body)).to.equal(200);
      expect(tokens.body.token_type).to.equal('DPoP');
      expect(decodeJws(String(tokens.body.access_token)).payload).to.deep.include({ cnf: { jkt: key.jkt } });
      // A public client's family is bound to the key: a refresh without a proof is refused.
      const refreshed = await fetch(`${instances.firstOrigin}/auth/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: String(tokens.body.refresh_token), client_id: 'tv' }),
      });
      expect(refreshed.status).to.equal(400);
    });

    it('of two polls at the two instances at once, exactly one gets tokens', async () => {
      const { deviceCode, userCode } = await start('cli-tool');
      await decideOnDevicePage(instances.secondOrigin, userCode, 'alice', 'approve');
      const polls = await Promise.all([pollDeviceCode(instances.firstOrigin, deviceCode, 'cli-tool'), pollDeviceCode(instances.secondOrigin, deviceCode, 'cli-tool')]);
      expect(polls.map((poll) => poll.status).sort()).to.deep.equal([200, 400]);
      // Not registered for refresh_token: no refresh token.
      expect(polls.find((poll) => poll.status === 200)!.body).not.to.have.property('refresh_token');
    });

    it('a denial answers access_denied; a code past its time expired_token', async () => {
      const denied = await start();
      const page = await decideOnDevicePage(instances.secondOrigin, denied.userCode, 'bob', 'deny');
      expect(page.status).to.equal(200);
      expect((await pollDeviceCode(instances.firstOrigin, denied.deviceCode, 'tv')).body.error).to.equal('access_denied');
      const late = await start();
      clock.advanceSeconds(600);
      expect((await pollDeviceCode(instances.firstOrigin, late.deviceCode, 'tv')).body.error).to.equal('expired_token');
    });

    it('another client\'s device code is invalid_grant', async () => {
      const { deviceCode } = await start('tv');
      expect((await pollDeviceCode(instances.firstOrigin, deviceCode, 'cli-tool')).body.error).to.equal('invalid_grant');
    });

    it('a user locked out after approving gets nothing from the code', async () => {
      const { deviceCode, userCode } = await start();
      await decideOnDevicePage(instances.firstOrigin, userCode, 'carol', 'approve');
      clock.advanceSeconds(1);
      const disabled = await instances.cli.users(['disable', 'carol']);
      expect(disabled.code, disabled.err.join('\n')).to.equal(0);
      expect((await pollDeviceCode(instances.secondOrigin, deviceCode, 'tv')).body.error).to.equal('invalid_grant');
    });

    it('the page: CSRF-protected, no script, not framed; an unknown code a clear page', async () => {
      const browser = new FormBrowser();
      const page = await browser.get(`${instances.firstOrigin}/auth/oauth/device`);
      expect(page.status).to.equal(200);
      expect(page.headers.get('content-security-policy')).to.include("frame-ancestors 'none'").and.not.include('script-src');
      const html = await page.text();
      expect(html).not.to.include('<script');
      const forged = await fetch(`${instances.firstOrigin}/auth/oauth/device`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'step=code&user_code=BCDF-GHJK' });
      expect(forged.status).to.equal(403);
      const unknown = await browser.submitForm(`${instances.firstOrigin}/auth/oauth/device`, html, { user_code: 'BCDF-GHJK' });
      expect(unknown.status).to.equal(400);
      expect(await unknown.text()).to.include('The code is unknown or has expired');
      const zh = await fetch(`${instances.firstOrigin}/auth/oauth/device`, { headers: { 'accept-language': 'zh-CN' } });
      expect(await zh.text()).to.include('lang="zh-CN"').and.include('请输入客户端显示的码');
    });

    it('removing the client ends its approved codes', async () => {
      const { deviceCode, userCode } = await start('cli-tool');
      await decideOnDevicePage(instances.firstOrigin, userCode, 'alice', 'approve');
      clock.advanceSeconds(1);
      expect((await instances.cli.clients(['remove', 'cli-tool'])).code).to.equal(0);
      await instances.cli.addClient('cli-tool', '--public', '--grant', DEVICE_GRANT, '--scope', 'openid');
      expect((await pollDeviceCode(instances.secondOrigin, deviceCode, 'cli-tool')).body.error).to.equal('invalid_grant');
    });

    it('wrong user codes are counted per address across instances: past the limit the page answers 429', async () => {
      const { userCode } = await start();
      const browser = new FormBrowser();
      let status = 0;
      for (let i = 0; i < 21 && status !== 429; i++) {
        const origin = i % 2 === 0 ? instances.firstOrigin : instances.secondOrigin;
        const page = await browser.get(`${origin}/auth/oauth/device`);
        const answer = await browser.submitForm(`${origin}/auth/oauth/device`, await page.text(), { user_code: 'ZZZZ-ZZZZ' });
        status = answer.status;
        if (status === 429) expect(answer.headers.get('retry-after')).to.match(/^\d+$/);
      }
      expect(status).to.equal(429);
      // The right code is not looked up either until the window passes.
      const page = await browser.get(`${instances.firstOrigin}/auth/oauth/device`);
      expect((await browser.submitForm(`${instances.firstOrigin}/auth/oauth/device`, await page.text(), { user_code: userCode })).status).to.equal(429);
    });
  });
}
