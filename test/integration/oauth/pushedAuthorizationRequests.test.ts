import { expect } from 'chai';
import { ClientKeyPair, JwksFiles, assertionFields } from '../../support/clientKeys';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { PKCE_CHALLENGE, PKCE_VERIFIER, tokenRequest } from '../../support/signInForCode';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const CALLBACK = 'http://127.0.0.1:9/callback';
const PKCE = { response_type: 'code', redirect_uri: CALLBACK, code_challenge: PKCE_CHALLENGE, code_challenge_method: 'S256' };

/** POSTs a form to `<origin>/auth/oauth/par`; the status, Cache-Control and JSON body. */
async function push(origin: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const answer = await fetch(`${origin}/auth/oauth/par`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields) });
  return { status: answer.status, cacheControl: answer.headers.get('cache-control'), body: (await answer.json()) as Record<string, unknown> };
}

const authorizeUrl = (origin: string, query: Record<string, string>) => `${origin}/auth/oauth/authorize?${new URLSearchParams(query)}`;

/**
 * Pushed Authorization Requests (RFC 9126) on two instances of one store: pushed at one, used once at the
 * other, with only the pushed parameters; `--require-par` clients refused without; invalid_request_uri on a
 * page for an unknown, used, expired or another client's request_uri.
 */
for (const backend of STORE_BACKENDS) {
  describe(`Pushed authorization requests (${backend.name}, two instances on one store)`, function () {
    this.timeout(60_000);
    const clock = new FixedClock(new Date());
    const files = new JwksFiles();
    let instances: TwoInstancesOnOneStore;
    let key: ClientKeyPair;
    const now = () => Math.floor(clock.now().getTime() / 1000);

    before(async () => {
      key = await ClientKeyPair.generate('ES256', 'k-1');
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        register: async (cli) => {
          await cli.addUser('alice', '--nick', 'alice');
          await cli.addClient('spa', '--public', '--first-party', '--require-par', '--redirect-uri', CALLBACK);
          await cli.addClient('web', '--public', '--first-party', '--redirect-uri', CALLBACK);
          await cli.addClient('third', '--public', '--require-par', '--scope', 'openid', '--redirect-uri', CALLBACK);
          await cli.addClient('keyed', '--confidential', '--first-party', '--scope', 'openid', '--redirect-uri', CALLBACK, '--jwks', files.write({ keys: [key.publicJwk] }));
        },
      });
    });
    after(async () => {
      await instances?.dispose();
      files.dispose();
    });

    it('pushed at one instance, used at the other: only the pushed parameters count, then a code for them', async () => {
      const pushed = await push(instances.firstOrigin, { ...PKCE, client_id: 'spa', state: 'pushed-state' });
      expect(pushed.status, JSON.stringify(pushed.body)).to.equal(201);
      expect(pushed.cacheControl).to.equal('no-store');
      expect(pushed.body.expires_in).to.equal(60);
      expect(pushed.body.request_uri).to.match(/^urn:ietf:params:oauth:request_uri:[A-Za-z0-9_-]{43,}$/);
      const url = authorizeUrl(instances.secondOrigin, {
        client_id: 'spa',
        request_uri: String(pushed.body.request_uri),
        // Front-channel parameters beside request_uri are never used.
        state: 'front-state',
        redirect_uri: 'https://evil.example/cb',
        scope: 'admin',
        prompt: 'none',
      });
      const browser = new FormBrowser();
      const page = await browser.get(url);
      expect(page.status).to.equal(200);
      const html = await page.text();
      expect(html).to.include('value="pushed-state"').and.not.include('front-state').and.not.include('evil.example');
      const callback = await browser.submitForm(url, html, { username: 'alice', password: 'alice-pass' });
      expect(callback.status).to.equal(303);
      const location = new URL(callback.headers.get('location')!);
      expect(location.origin + location.pathname).to.equal(CALLBACK);
      expect(location.searchParams.get('state')).to.equal('pushed-state');
      const tokens = await tokenRequest(instances.firstOrigin, { grant_type: 'authorization_code', client_id: 'spa', code: location.searchParams.get('code')!, redirect_uri: CALLBACK, code_verifier: PKCE_VERIFIER });
      expect(tokens.status, JSON.stringify(tokens.body)).to.equal(200);

      const again = await fetch(authorizeUrl(instances.firstOrigin, { client_id: 'spa', request_uri: String(pushed.body.request_uri) }), { redirect: 'manual' });
      expect(again.status, 'used once').to.equal(400);
      expect(await again.text()).to.include('invalid_request_uri');
    });

    it('the sign-in page carries the pushed request in its signed fields: a changed field gets the form again, no code', async () => {
      const pushed = await push(instances.firstOrigin, { ...PKCE, client_id: 'spa', state: 'pushed-state' });
      const url = authorizeUrl(instances.firstOrigin, { client_id: 'spa', request_uri: String(pushed.body.request_uri) });
      const browser = new FormBrowser();
      const html = await (await browser.get(url)).text();
      expect(html).to.include(`name="request_uri" value="${String(pushed.body.request_uri)}"`);
      const tampered = await browser.submitForm(url, html, { username: 'alice', password: 'alice-pass', state: 'changed', redirect_uri: CALLBACK });
      expect(tampered.status).to.equal(403);
      const dropped = await browser.submitForm(url, html.replace(/<input type="hidden" name="request_uri"[^>]*>/, ''), { username: 'alice', password: 'alice-pass' });
      expect(dropped.status, 'without the pushed marker it is a front-channel request of a --require-par client').to.equal(302);
      expect(new URL(dropped.headers.get('location')!).searchParams.get('error')).to.equal('invalid_request');
    });

    it('a third-party client\'s pushed request goes through the sign-in and the consent page to a code for what was pushed', async () => {
      const pushed = await push(instances.firstOrigin, { ...PKCE, client_id: 'third', scope: 'openid', nonce: 'n-1', state: 'consented' });
      const url = authorizeUrl(instances.secondOrigin, { client_id: 'third', request_uri: String(pushed.body.request_uri) });
      const browser = new FormBrowser();
      const signInPage = await browser.get(url);
      const consent = await browser.submitForm(url, await signInPage.text(), { username: 'alice', password: 'alice-pass' });
      expect(consent.status).to.equal(200);
      const consentPage = await consent.text();
      expect(consentPage).to.include('name="consent_ticket"').and.include('name="request_uri"');
      const approved = await browser.submitForm(url, consentPage, { consent: 'approve' });
      expect(approved.status).to.equal(303);
      const callback = new URL(approved.headers.get('location')!);
      expect(callback.searchParams.get('state')).to.equal('consented');
      const tokens = await tokenRequest(instances.firstOrigin, { grant_type: 'authorization_code', client_id: 'third', code: callback.searchParams.get('code')!, redirect_uri: CALLBACK, code_verifier: PKCE_VERIFIER });
      expect(tokens.status, JSON.stringify(tokens.body)).to.equal(200);
      expect(tokens.body.scope).to.equal('openid');
    });

    it('a --require-par client is refused (invalid_request) without a pushed request; another form of request_uri and request keep their own refusals', async () => {
      const refused = await fetch(authorizeUrl(instances.firstOrigin, { ...PKCE, client_id: 'spa', state: 's' }), { redirect: 'manual' });
      expect(refused.status).to.equal(302);
      expect(new URL(refused.headers.get('location')!).searchParams.get('error')).to.equal('invalid_request');
      for (const [parameter, error] of [['request_uri', 'request_uri_not_supported'], ['request', 'request_not_supported']]) {
        const answer = await fetch(authorizeUrl(instances.firstOrigin, { ...PKCE, client_id: 'web', [parameter]: 'https://elsewhere.example/r' }), { redirect: 'manual' });
        expect(answer.status).to.equal(302);
        expect(new URL(answer.headers.get('location')!).searchParams.get('error')).to.equal(error);
      }
    });

    it('another client\'s request_uri is invalid_request_uri and stays its own; an expired one is invalid_request_uri', async () => {
      const pushed = String((await push(instances.firstOrigin, { ...PKCE, client_id: 'web' })).body.request_uri);
      const foreign = await fetch(authorizeUrl(instances.secondOrigin, { client_id: 'spa', request_uri: pushed }), { redirect: 'manual' });
      expect(foreign.status).to.equal(400);
      expect((await fetch(authorizeUrl(instances.secondOrigin, { client_id: 'web', request_uri: pushed }), { redirect: 'manual' })).status).to.equal(200);
      const expiring = String((await push(instances.firstOrigin, { ...PKCE, client_id: 'web' })).body.request_uri);
      clock.advanceSeconds(60);
      const expired = await fetch(authorizeUrl(instances.secondOrigin, { client_id: 'web', request_uri: expiring }), { redirect: 'manual' });
      expect(expired.status).to.equal(400);
      expect(await expired.text()).to.include('invalid_request_uri');
    });

    it('a confidential client pushes with private_key_jwt (aud the PAR endpoint); unauthenticated it is invalid_client', async () => {
      const assertion = await key.assertion('keyed', `${instances.issuer}/oauth/par`, now());
      const pushed = await push(instances.secondOrigin, { ...PKCE, scope: 'openid', nonce: 'n', ...assertionFields(assertion) });
      expect(pushed.status, JSON.stringify(pushed.body)).to.equal(201);
      const page = await fetch(authorizeUrl(instances.firstOrigin, { client_id: 'keyed', request_uri: String(pushed.body.request_uri) }), { redirect: 'manual' });
      expect(page.status).to.equal(200);
      const anonymous = await push(instances.firstOrigin, { ...PKCE, client_id: 'keyed' });
      expect(anonymous.status).to.equal(400);
      expect(anonymous.body.error).to.equal('invalid_client');
      const nobody = await push(instances.firstOrigin, PKCE);
      expect(nobody.body.error).to.equal('invalid_client');
    });

    it('refuses in JSON what the authorization endpoint would refuse, a pushed request_uri and an unregistered redirect URI', async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{ ...PKCE, client_id: 'web', request_uri: 'urn:ietf:params:oauth:request_uri:x' }, 'invalid_request'],
        [{ ...PKCE, client_id: 'web', request: 'eyJhbGciOiJub25lIn0.e30.' }, 'request_not_supported'],
        [{ ...PKCE, client_id: 'web', redirect_uri: 'https://evil.example/cb' }, 'invalid_request'],
        [{ ...PKCE, client_id: 'web', response_type: 'token' }, 'unsupported_response_type'],
        [{ response_type: 'code', client_id: 'web', redirect_uri: CALLBACK }, 'invalid_request'],
      ];
      for (const [fields, error] of cases) {
        const answer = await push(instances.firstOrigin, fields);
        expect(answer.status, JSON.stringify(fields)).to.equal(400);
        expect(answer.body.error, JSON.stringify(fields)).to.equal(error);
      }
      const notForm = await fetch(`${instances.firstOrigin}/auth/oauth/par`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(notForm.status).to.equal(400);
    });

    it('discovery names the PAR endpoint and says PAR is not required of every client', async () => {
      const metadata = (await (await fetch(`${instances.firstOrigin}/auth/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
      expect(metadata.pushed_authorization_request_endpoint).to.equal(`${instances.issuer}/oauth/par`);
      expect(metadata.require_pushed_authorization_requests).to.equal(false);
    });
  });
}
