import { expect } from 'chai';
import type { OAuthClientStore } from '../../../src/domain/ports/OAuthClientStore';
import type { AuditEventStore } from '../../../src/domain/ports/AuditEventStore';
import type { UserRepository } from '../../../src/domain/ports/UserRepository';
import { TYPES } from '../../../src/interfaces/composition/types';
import { addUserOn } from '../../support/addTestUser';
import { eventsEventually } from '../../support/auditEvents';
import { startAuthServer, type RunningAuthServer } from '../../support/authTestServer';
import { clockAndFastHashing } from '../../support/clockAndFastHashing';
import { decodeJws } from '../../support/compactJws';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { registeredClient } from '../../support/oauthClients';
import { registerPasskeyOn } from '../../support/passkeyOn';
import { PKCE_CHALLENGE, PKCE_VERIFIER, tokenRequest } from '../../support/signInForCode';
import { SoftwareAuthenticator } from '../../support/softwareAuthenticator';

const CALLBACK = 'https://app.example.com/callback';
// The test issuer is http://localhost/auth: RP ID localhost, origin http://localhost.
const ORIGIN = 'http://localhost';
const PHISHING_RESISTANT = 'urn:auth-service:acr:phishing-resistant';

/** The sign-in page's passkey form: its request options (the data attribute, unescaped). */
function optionsOf(html: string): { challenge: string; allowCredentials?: unknown[]; userVerification?: string; rpId?: string } {
  const attribute = /id="passkey-form"[^>]*data-options="([^"]*)"/.exec(html)?.[1];
  if (attribute === undefined) throw new Error('no passkey form on the page');
  return JSON.parse(attribute.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));
}

function passkeyServer(env: Record<string, string>, clock: FixedClock): Promise<RunningAuthServer> {
  return startAuthServer({ AUTH_USER_STORE: 'database', ...env }, (container) => clockAndFastHashing(container.get(TYPES.Config), clock)(container));
}

async function withAliceAndApp(server: RunningAuthServer, authenticator: SoftwareAuthenticator): Promise<void> {
  await addUserOn(server.auth).execute({ account: 'alice', password: 'alice-pass', nickName: 'Alice' });
  await server.auth.container
    .get<OAuthClientStore>(TYPES.OAuthClientStore)
    .add(registeredClient({ id: 'webapp', kind: 'public', redirectUris: [CALLBACK], firstParty: true, scopes: ['openid'] }), null);
  await registerPasskeyOn(server.auth, 'alice', authenticator, ORIGIN);
}

function authorizeUrl(server: RunningAuthServer, extra: Record<string, string> = {}): string {
  const url = new URL(`${server.origin}/auth/oauth/authorize`);
  url.search = new URLSearchParams({ response_type: 'code', client_id: 'webapp', redirect_uri: CALLBACK, scope: 'openid', code_challenge: PKCE_CHALLENGE, code_challenge_method: 'S256', state: 's', nonce: 'n', ...extra }).toString();
  return url.href;
}

/** Opens the sign-in page and posts its passkey form with `response` made for the page's challenge. */
async function passkeyStep(server: RunningAuthServer, browser: FormBrowser, respond: (challenge: string) => unknown, extra: Record<string, string> = {}): Promise<{ html: string; answer: Response }> {
  const url = authorizeUrl(server, extra);
  const html = await (await browser.get(url)).text();
  const answer = await browser.submitForm(url, html, { passkey: JSON.stringify(respond(optionsOf(html).challenge)) }, 'passkey-form');
  return { html, answer };
}

describe('signing in with a passkey alone from the sign-in page (real WebAuthn responses)', () => {
  const clock = new FixedClock('2026-03-01T10:00:05Z');
  const authenticator = new SoftwareAuthenticator();
  let server: RunningAuthServer;

  before(async () => {
    server = await passkeyServer({}, clock);
    await withAliceAndApp(server, authenticator);
  });

  after(() => server?.auth.close());

  it('offers a discoverable-credential sign-in (no allowCredentials, user verification required), scripts from \'self\' only', async () => {
    const page = await new FormBrowser().get(authorizeUrl(server, { ui_locales: 'zh-CN' }));
    const html = await page.text();
    expect(optionsOf(html)).to.deep.include({ rpId: 'localhost', userVerification: 'required', allowCredentials: [] });
    expect(html).to.include('<button type="button" id="passkey-button">使用通行密钥登录</button>').and.to.include('name="passkey_ticket"');
    expect(page.headers.get('content-security-policy')).to.include("script-src 'self';");
  });

  it('signs alice in with the passkey, no password and no second-factor page: the tokens say hwk mfa, phishing-resistant; the trail says passkey', async () => {
    const { answer } = await passkeyStep(server, new FormBrowser(), (challenge) => authenticator.assert({ challenge, origin: ORIGIN, rpId: 'localhost' }));
    expect(answer.status).to.equal(303);
    const location = new URL(answer.headers.get('location')!);
    expect(location.origin + location.pathname).to.equal(CALLBACK);
    const code = location.searchParams.get('code')!;
    const { status, body } = await tokenRequest(server.origin, { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: 'webapp', code_verifier: PKCE_VERIFIER });
    expect(status, JSON.stringify(body)).to.equal(200);
    const id = decodeJws(body.id_token as string).payload;
    expect(id).to.deep.include({ acr: PHISHING_RESISTANT, amr: ['hwk', 'mfa'] });
    expect(decodeJws(body.access_token as string).payload).to.deep.include({ acr: PHISHING_RESISTANT, amr: ['hwk', 'mfa'] });
    const [event] = await eventsEventually(server.auth.container.get<AuditEventStore>(TYPES.AuditEventStore), { type: 'login.succeeded', account: 'alice' });
    expect(event).to.deep.include({ client: 'webapp', details: { subject: id.sub, method: 'passkey' } });
  });

  it('satisfies a request for the phishing-resistant level (acr_values) at once', async () => {
    const { answer } = await passkeyStep(server, new FormBrowser(), (challenge) => authenticator.assert({ challenge, origin: ORIGIN, rpId: 'localhost' }), { acr_values: PHISHING_RESISTANT });
    expect(answer.status).to.equal(303);
    expect(new URL(answer.headers.get('location')!).searchParams.get('code')).to.be.a('string');
  });

  it('answers a replayed, forged, foreign-origin or unknown passkey alike: the page again with one message, no session', async () => {
    const replayed = await (async () => {
      const browser = new FormBrowser();
      const url = authorizeUrl(server);
      const html = await (await browser.get(url)).text();
      const passkey = JSON.stringify(authenticator.assert({ challenge: optionsOf(html).challenge, origin: ORIGIN, rpId: 'localhost' }));
      expect((await browser.submitForm(url, html, { passkey }, 'passkey-form')).status).to.equal(303);
      return { browser, answer: await browser.submitForm(url, html, { passkey }, 'passkey-form') };
    })();
    const forged = new SoftwareAuthenticator();
    const answers = [
      replayed.answer,
      (await passkeyStep(server, new FormBrowser(), (challenge) => forged.assert({ challenge, origin: ORIGIN, rpId: 'localhost' }))).answer,
      (await passkeyStep(server, new FormBrowser(), (challenge) => authenticator.assert({ challenge, origin: 'https://evil.example', rpId: 'localhost' }))).answer,
      (await passkeyStep(server, new FormBrowser(), (challenge) => ({ ...(authenticator.assert({ challenge, origin: ORIGIN, rpId: 'localhost' }) as object), id: 'bm9ib2R5', rawId: 'bm9ib2R5' }))).answer,
      (await passkeyStep(server, new FormBrowser(), () => 'not an assertion')).answer,
    ];
    for (const answer of answers) {
      expect(answer.status).to.equal(400);
      expect(answer.headers.get('set-cookie') ?? '').not.to.include('auth_session=');
      const html = await answer.text();
      expect(html).to.include('The passkey could not be verified. Try again, or sign in with your password.');
      // A fresh challenge for another try.
      expect(optionsOf(html).challenge).to.be.a('string');
    }
  });

  it('refuses a disabled user\'s passkey with the same message', async () => {
    const users = server.auth.container.get<UserRepository>(TYPES.UserRepository);
    await users.setStatus('alice', 'disabled', clock.now());
    try {
      const { answer } = await passkeyStep(server, new FormBrowser(), (challenge) => authenticator.assert({ challenge, origin: ORIGIN, rpId: 'localhost' }));
      expect(answer.status).to.equal(400);
      expect(await answer.text()).to.include('The passkey could not be verified.');
    } finally {
      await users.setStatus('alice', 'active', clock.now());
    }
  });

  it('refuses a ticket the page\'s token was not made for (403, the form again), checking nothing', async () => {
    const browser = new FormBrowser();
    const url = authorizeUrl(server);
    const html = await (await browser.get(url)).text();
    const passkey = JSON.stringify(authenticator.assert({ challenge: optionsOf(html).challenge, origin: ORIGIN, rpId: 'localhost' }));
    const answer = await browser.submitForm(url, html, { passkey, passkey_ticket: 'another-ticket' }, 'passkey-form');
    expect(answer.status).to.equal(403);
    expect(await answer.text()).to.include('The sign-in form expired.');
  });
});

describe('a passkey alone under the login limits', () => {
  const clock = new FixedClock('2026-03-01T10:00:05Z');
  const authenticator = new SoftwareAuthenticator();
  let server: RunningAuthServer;

  before(async () => {
    server = await passkeyServer({ AUTH_LOGIN_MAX_ATTEMPTS: '2' }, clock);
    await withAliceAndApp(server, authenticator);
  });

  after(() => server?.auth.close());

  it('counts wrong passkeys against the address; past the limit the right one is refused too (429, Retry-After)', async () => {
    const forged = new SoftwareAuthenticator();
    for (let i = 0; i < 2; i++) {
      const { answer } = await passkeyStep(server, new FormBrowser(), (challenge) => forged.assert({ challenge, origin: ORIGIN, rpId: 'localhost' }));
      expect(answer.status).to.equal(400);
    }
    const { answer } = await passkeyStep(server, new FormBrowser(), (challenge) => authenticator.assert({ challenge, origin: ORIGIN, rpId: 'localhost' }));
    expect(answer.status).to.equal(429);
    expect(Number(answer.headers.get('retry-after'))).to.be.greaterThan(0);
    expect(await answer.text()).to.include('Too many sign-in attempts');
    const failures = await eventsEventually(server.auth.container.get<AuditEventStore>(TYPES.AuditEventStore), { type: 'login.failed' }, 3);
    expect(failures.map((event) => event.details)).to.deep.equal([
      { reason: 'limited', method: 'passkey' },
      { reason: 'wrong_passkey', method: 'passkey' },
      { reason: 'wrong_passkey', method: 'passkey' },
    ]);
  });
});
