import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { decodeProtectedHeader } from 'jose';
import request from 'supertest';
import type { OAuthClientStore } from '../../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { FormBrowser } from '../../support/formBrowser';
import { freePort } from '../../support/freePort';
import { registeredClient } from '../../support/oauthClients';

const WEB = { id: 'web', secret: 'web-secret', callback: 'https://web.example/cb' };
const VERIFIER = 'a-verifier-of-at-least-43-characters-0123456789-abc';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const REASON = 'openid needs an asymmetric signing key: AUTH_SIGN_METHOD rsa or ecdsa';

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * The token endpoint's OpenID Connect answers over supertest (so each answer
 * is checked against the OpenAPI document), with an RSA key and under HMAC
 * signing, where `openid` cannot be granted.
 */
for (const method of ['rsa', 'hmac'] as const) {
  describe(`OpenID Connect at the authorization and token endpoints (${method})`, () => {
    let auth: AuthServer;
    let issuer: string;

    before(async () => {
      const port = await freePort();
      issuer = `http://127.0.0.1:${port}/auth`;
      auth = await buildAuthServer(authTestConfig({ AUTH_ISSUER: issuer, AUTH_SIGN_METHOD: method, AUTH_LOGIN_MAX_ATTEMPTS: '1000' }));
      await auth.listen(port);
      await auth.container
        .get<OAuthClientStore>(TYPES.OAuthClientStore)
        .add(
          registeredClient({ id: WEB.id, kind: 'confidential', redirectUris: [WEB.callback], grants: ['authorization_code', 'refresh_token', 'password'], scopes: ['openid', 'profile'], firstParty: true }),
          WEB.secret,
        );
    });
    after(() => auth?.close());

    const authorizeUrl = (scope: string | null) => {
      const query = new URLSearchParams({ client_id: WEB.id, redirect_uri: WEB.callback, response_type: 'code', code_challenge: CHALLENGE, code_challenge_method: 'S256', state: 's1', nonce: 'n1' });
      if (scope !== null) query.set('scope', scope);
      return `${issuer}/oauth/authorize?${query}`;
    };

    /** The code the sign-in form answers with (the stub user: admin, any password). */
    async function codeFor(scope: string | null): Promise<string> {
      const browser = new FormBrowser();
      const page = await browser.get(authorizeUrl(scope));
      expect(page.status).to.equal(200);
      const answer = await browser.submitForm(authorizeUrl(scope), await page.text(), { username: 'admin', password: 'any' });
      expect(answer.status).to.equal(303);
      return new URL(answer.headers.get('location')!).searchParams.get('code')!;
    }

    const token = (form: Record<string, string>) => request(auth.server).post('/auth/oauth/token').auth(WEB.id, WEB.secret).type('form').send(form);
    const exchange = (code: string) => token({ grant_type: 'authorization_code', code, redirect_uri: WEB.callback, code_verifier: VERIFIER });

    if (method === 'rsa') {
      it('the code exchange answers id_token last, a JWT of the active key, bound to the access token; the refresh a new one', async () => {
        const res = await exchange(await codeFor('openid profile')).expect(200);
        expect(Object.keys(res.body as object)).to.deep.equal(['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope', 'id_token']);
        const header = decodeProtectedHeader(res.body.id_token as string);
        expect(header).to.deep.include({ alg: 'RS256', typ: 'JWT' });
        const jwks = (await request(auth.server).get('/auth/.well-known/jwks.json').expect(200)).body as { keys: Array<{ kid: string }> };
        expect(jwks.keys.map((key) => key.kid)).to.deep.equal([header.kid]);
        const atHash = createHash('sha256').update(res.body.access_token as string).digest().subarray(0, 16).toString('base64url');
        expect(claimsOf(res.body.id_token as string)).to.deep.include({ iss: issuer, sub: '1', aud: WEB.id, nonce: 'n1', at_hash: atHash });
        const refreshed = await token({ grant_type: 'refresh_token', refresh_token: res.body.refresh_token as string }).expect(200);
        expect(claimsOf(refreshed.body.id_token as string)).to.deep.include({ sub: '1', aud: WEB.id });
        expect(claimsOf(refreshed.body.id_token as string)).not.to.have.property('nonce');
      });

      it('the password grant with openid: the scope granted, no id_token', async () => {
        const res = await token({ grant_type: 'password', username: 'admin', password: 'any', scope: 'openid' }).expect(200);
        expect(res.body.scope).to.equal('openid');
        expect(res.body).not.to.have.property('id_token');
      });
    } else {
      it('an authorization request for openid is an invalid_scope redirect saying why, before any sign-in', async () => {
        const res = await fetch(authorizeUrl('openid profile'), { redirect: 'manual' });
        expect(res.status).to.equal(302);
        const location = new URL(res.headers.get('location')!);
        expect(`${location.origin}${location.pathname}`).to.equal(WEB.callback);
        expect(Object.fromEntries(location.searchParams)).to.deep.include({ error: 'invalid_scope', error_description: REASON, state: 's1', iss: issuer });
      });

      it('a request naming no scope is granted the others; its code gives no id_token', async () => {
        const res = await exchange(await codeFor(null)).expect(200);
        expect(res.body.scope).to.equal('profile');
        expect(res.body).not.to.have.property('id_token');
        expect(claimsOf(res.body.access_token as string).scope).to.equal('profile');
      });

      it('the token endpoint refuses openid with 400 invalid_scope saying why (password grant, refresh)', async () => {
        const refused = await token({ grant_type: 'password', username: 'admin', password: 'any', scope: 'openid' }).expect(400);
        expect(refused.body).to.deep.equal({ error: 'invalid_scope', error_description: REASON });
        const granted = await token({ grant_type: 'password', username: 'admin', password: 'any' }).expect(200);
        expect(granted.body.scope).to.equal('profile');
        const widened = await token({ grant_type: 'refresh_token', refresh_token: granted.body.refresh_token as string, scope: 'openid' }).expect(400);
        expect(widened.body.error).to.equal('invalid_scope');
      });
    }
  });
}
