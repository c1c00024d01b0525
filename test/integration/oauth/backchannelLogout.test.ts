import { expect } from 'chai';
import * as client from 'openid-client';
import request from 'supertest';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { LogoutTokenReceiver, type ReceivedLogout } from '../../support/LogoutTokenReceiver';
import { pkceAuthorizationUrl } from '../../support/pkceAuthorizationUrl';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const CALLBACK = 'http://127.0.0.1:9/callback';
const EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * OpenID Connect Back-Channel Logout 1.0 against two listening instances on
 * one store: a session ends at one (RP-initiated logout, sign-out, or the
 * users command beside them), and the relying party's endpoint on loopback
 * receives one logout token, from whichever instance's worker claimed it,
 * verified as an openid-client app would, with jose against the JWKS.
 */
for (const backend of STORE_BACKENDS) {
  describe(`Back-Channel Logout: logout tokens to the relying party (${backend.name}, two instances)`, function () {
    this.timeout(30_000);
    const clock = new FixedClock(new Date());
    let instances: TwoInstancesOnOneStore;
    let receiver: LogoutTokenReceiver;
    let issuer: string;
    let webappSecret: string;

    before(async () => {
      receiver = await LogoutTokenReceiver.start();
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        issuerIsFirstInstance: true,
        register: async (commands) => {
          for (const account of ['alice', 'bob', 'carol', 'dave', 'erin']) await commands.addUser(account, '--nick', account);
          webappSecret = await commands.addClient('webapp', '--redirect-uri', CALLBACK, '--confidential', '--first-party', '--scope', 'openid', '--backchannel-logout-uri', receiver.uri, '--backchannel-logout-session-required');
        },
      });
      ({ issuer } = instances);
    });

    after(async () => {
      await instances?.dispose();
      await receiver?.close();
    });

    beforeEach(() => {
      receiver.received.length = 0;
    });

    const discover = () => client.discovery(new URL(issuer), 'webapp', undefined, client.ClientSecretBasic(webappSecret), { execute: [client.allowInsecureRequests] });
    const queued = async () => Number((await instances.cli.dataSource.query('SELECT COUNT(*) AS n FROM backchannel_deliveries'))[0].n);

    /** Signs `account` in through the form at the first instance and exchanges the code: the browser, the ID token's sub and sid. */
    async function signIn(account: string): Promise<{ browser: FormBrowser; idToken: string; sub: string; sid: string; refreshToken: string }> {
      const config = await discover();
      const browser = new FormBrowser();
      const { url, verifier, state } = await pkceAuthorizationUrl(config, CALLBACK);
      url.searchParams.set('scope', 'openid');
      const form = await browser.get(url.href);
      const callback = await browser.submitForm(url.href, await form.text(), { username: account, password: `${account}-pass` });
      const tokens = await client.authorizationCodeGrant(config, new URL(callback.headers.get('location')!), { pkceCodeVerifier: verifier, expectedState: state });
      const claims = tokens.claims()!;
      expect(claims.sid, 'the ID token names its session').to.be.a('string');
      return { browser, idToken: tokens.id_token!, sub: claims.sub, sid: claims.sid as string, refreshToken: tokens.refresh_token! };
    }

    /** The relying party's check (§2.6): signature by our JWKS, iss, aud, typ logout+jwt, the event, no nonce, a short life. */
    async function verified(received: ReceivedLogout): Promise<Record<string, unknown>> {
      expect(received.contentType).to.equal('application/x-www-form-urlencoded');
      const { jwtVerify, createRemoteJWKSet } = await import('jose');
      const { payload, protectedHeader } = await jwtVerify(received.logoutToken!, createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)), {
        issuer,
        audience: 'webapp',
        typ: 'logout+jwt',
        currentDate: clock.now(),
      });
      expect(protectedHeader.alg).to.equal('RS256');
      expect(payload.events).to.deep.equal({ [EVENT]: {} });
      expect(payload).not.to.have.property('nonce');
      expect(payload.jti).to.be.a('string');
      expect(payload.exp! - payload.iat!).to.be.within(1, 120);
      return payload;
    }

    /** Both instances poll every second: a little longer than that shows no second delivery is coming. */
    const settle = () => new Promise((resolve) => setTimeout(resolve, 2500));

    it('advertises back-channel logout with sessions in the discovery document', async () => {
      const metadata = (await request(instances.first.server).get('/auth/.well-known/openid-configuration').expect(200)).body as Record<string, unknown>;
      expect(metadata).to.include({ backchannel_logout_supported: true, backchannel_logout_session_supported: true });
    });

    it("a refreshed ID token names the same session (the family keeps the code's sid)", async () => {
      const { sid, refreshToken } = await signIn('bob');
      const refreshed = await client.refreshTokenGrant(await discover(), refreshToken);
      expect(refreshed.claims()?.sid).to.equal(sid);
    });

    it('an RP-initiated logout at the other instance: one logout token, within seconds, naming the session and the user', async () => {
      const { browser, idToken, sub, sid } = await signIn('alice');
      const answer = await browser.get(`${instances.secondOrigin}/auth/oauth/logout?${new URLSearchParams({ id_token_hint: idToken }).toString()}`);
      expect(answer.status).to.equal(200);
      const [received] = await receiver.waitFor(1);
      expect(await verified(received)).to.include({ sub, sid, aud: 'webapp' });
      await settle();
      expect(receiver.received, 'sent once, by one instance').to.have.length(1);
      expect(await queued()).to.equal(0);
    });

    it('the service sign-out (POST /oauth/signout) tells the session\'s clients too', async () => {
      const { browser, sid } = await signIn('bob');
      expect((await browser.post(`${issuer}/oauth/signout`)).status).to.equal(204);
      const [received] = await receiver.waitFor(1);
      expect(await verified(received)).to.include({ sid });
    });

    it('a receiver that fails first is retried after the first delay (10 s on the clock), from either instance', async () => {
      receiver.answerNext(503);
      const { browser, idToken, sid } = await signIn('alice');
      await browser.get(`${issuer}/oauth/logout?${new URLSearchParams({ id_token_hint: idToken }).toString()}`);
      await receiver.waitFor(1);
      expect(receiver.received[0].status).to.equal(503);
      expect(await queued(), 'kept for a retry').to.equal(1);
      clock.advanceSeconds(10);
      const [, retried] = await receiver.waitFor(2);
      expect(retried.status).to.equal(200);
      expect(await verified(retried)).to.include({ sid });
      expect(await queued()).to.equal(0);
    });

    it("users disable, run beside the instances, leads to one logout token for the user's session", async () => {
      const { sub, sid } = await signIn('carol');
      const disabled = await instances.cli.users(['disable', 'carol']);
      expect(disabled.code).to.equal(0);
      const [received] = await receiver.waitFor(1);
      expect(await verified(received)).to.include({ sub, sid });
      await settle();
      expect(receiver.received, 'the session and its refresh family name the same client and sid: told once').to.have.length(1);
    });

    it("a new sign-in in the same browser ends the previous session, and its app is told", async () => {
      const { browser, sub, sid } = await signIn('alice');
      const config = await discover();
      const { url } = await pkceAuthorizationUrl(config, CALLBACK);
      url.searchParams.set('scope', 'openid');
      url.searchParams.set('prompt', 'login');
      const form = await browser.get(url.href);
      await browser.submitForm(url.href, await form.text(), { username: 'bob', password: 'bob-pass' });
      const [received] = await receiver.waitFor(1);
      expect(await verified(received)).to.include({ sub, sid });
    });

    it("users remove, run beside the instances, tells the app of the user's session too", async () => {
      const { sub, sid } = await signIn('erin');
      expect((await instances.cli.users(['remove', 'erin'])).code).to.equal(0);
      const [received] = await receiver.waitFor(1);
      expect(await verified(received)).to.include({ sub, sid });
    });

    it('a lock-out after the sign-out still tells the app that holds a refresh family of the user (with its sid)', async () => {
      const { browser, sub, sid } = await signIn('dave');
      await browser.post(`${issuer}/oauth/signout`);
      await receiver.waitFor(1);
      expect((await instances.cli.users(['passwd', 'dave', '--password-stdin'], 'a-new-long-password\n')).code).to.equal(0);
      const [, received] = await receiver.waitFor(2);
      expect(await verified(received)).to.include({ sub, sid });
    });
  });
}
