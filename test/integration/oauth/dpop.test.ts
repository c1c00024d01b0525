import { expect } from 'chai';
import { DpopKey } from '../../support/dpopKey';
import { FixedClock } from '../../support/FixedClock';
import { PKCE_VERIFIER, signInForCode } from '../../support/signInForCode';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';
import { basic } from '../../support/oauthTestHttp';
import { dpopGet as get, dpopPost as post } from '../../support/plainFetch';

const SPA = { id: 'spa', callback: 'https://spa.example/cb' };
const ISSUER_TOKEN_URL = 'http://localhost/auth/oauth/token';
const ISSUER_USERINFO_URL = 'http://localhost/auth/oauth/userinfo';

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

for (const backend of STORE_BACKENDS) {
  describe(`DPoP at the authorization server (RFC 9449), two instances on ${backend.name}`, () => {
    let two: TwoInstancesOnOneStore;
    let svc: string;
    let strict: string;
    let key: DpopKey;

    before(async function () {
      this.timeout(60_000);
      two = await TwoInstancesOnOneStore.start(backend, new FixedClock(new Date()), {
        register: async (cli) => {
          await cli.addUser('alice', '--nick', 'Alice');
          await cli.addClient(SPA.id, '--public', '--redirect-uri', SPA.callback, '--first-party');
          svc = basic('svc', await cli.addClient('svc', '--confidential', '--grant', 'client_credentials'));
          strict = basic('strict', await cli.addClient('strict', '--confidential', '--grant', 'client_credentials', '--require-dpop'));
        },
      });
      key = await DpopKey.generate();
    });
    after(() => two?.dispose());

    const tokenUrl = (origin: string) => `${origin}/auth/oauth/token`;
    const clientToken = async (origin: string, authorization: string, proof?: string) =>
      post(tokenUrl(origin), { grant_type: 'client_credentials' }, { Authorization: authorization, ...(proof === undefined ? {} : { DPoP: proof }) });

    it('binds a client_credentials token to the proof key: token_type DPoP, cnf.jkt the RFC 7638 thumbprint', async () => {
      const answer = await clientToken(two.firstOrigin, svc, await key.proof('POST', ISSUER_TOKEN_URL));
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.token_type).to.equal('DPoP');
      expect(claimsOf(answer.body.access_token as string)).to.deep.include({ cnf: { jkt: key.jkt } });
      expect(answer.headers.get('dpop-nonce')).to.equal(null);
    });

    it('takes htu as the request URL too, and without a proof answers a bearer token as before', async () => {
      const own = await clientToken(two.secondOrigin, svc, await key.proof('POST', `${tokenUrl(two.secondOrigin)}?ignored=1`));
      expect(own.status, JSON.stringify(own.body)).to.equal(200);
      const bearer = await clientToken(two.firstOrigin, svc);
      expect(bearer.body.token_type).to.equal('Bearer');
      expect(claimsOf(bearer.body.access_token as string)).to.not.have.property('cnf');
    });

    it('refuses a proof replayed at the other instance with invalid_dpop_proof', async () => {
      const proof = await key.proof('POST', ISSUER_TOKEN_URL);
      expect((await clientToken(two.firstOrigin, svc, proof)).status).to.equal(200);
      const replay = await clientToken(two.secondOrigin, svc, proof);
      expect([replay.status, replay.body]).to.deep.equal([400, { error: 'invalid_dpop_proof', error_description: 'the DPoP proof is invalid' }]);
    });

    it('refuses every invalid proof with invalid_dpop_proof: wrong typ, method, URL, old iat, HMAC, two headers', async () => {
      const now = Math.floor(Date.now() / 1000);
      const proofs = [
        await key.proof('POST', ISSUER_TOKEN_URL, { typ: 'JWT' }),
        await key.proof('GET', ISSUER_TOKEN_URL),
        await key.proof('POST', ISSUER_USERINFO_URL),
        await key.proof('POST', ISSUER_TOKEN_URL, { iat: now - 600 }),
        'eyJ0eXAiOiJkcG9wK2p3dCIsImFsZyI6IkhTMjU2In0.e30.c2ln',
        `${await key.proof('POST', ISSUER_TOKEN_URL)}, ${await key.proof('POST', ISSUER_TOKEN_URL)}`,
      ];
      for (const proof of proofs) {
        const answer = await clientToken(two.firstOrigin, svc, proof);
        expect([answer.status, answer.body.error], proof).to.deep.equal([400, 'invalid_dpop_proof']);
      }
    });

    it('a client registered --require-dpop gets no token without a proof, and a bound one with', async () => {
      const refused = await clientToken(two.firstOrigin, strict);
      expect([refused.status, refused.body.error]).to.deep.equal([400, 'invalid_dpop_proof']);
      const bound = await clientToken(two.firstOrigin, strict, await key.proof('POST', ISSUER_TOKEN_URL));
      expect(bound.body.token_type).to.equal('DPoP');
    });

    it('userinfo takes a bound token with Authorization: DPoP and a proof carrying ath; refuses it as Bearer and with a bad proof', async () => {
      const token = (await clientToken(two.firstOrigin, svc, await key.proof('POST', ISSUER_TOKEN_URL))).body.access_token as string;
      const userinfo = `${two.secondOrigin}/auth/oauth/userinfo`;
      const ok = await get(userinfo, { Authorization: `DPoP ${token}`, DPoP: await key.proof('GET', ISSUER_USERINFO_URL, { accessToken: token }) });
      expect([ok.status, ok.body]).to.deep.equal([200, { sub: 'svc', client_id: 'svc' }]);

      const asBearer = await get(userinfo, { Authorization: `Bearer ${token}` });
      expect([asBearer.status, asBearer.body.error]).to.deep.equal([401, 'invalid_token']);
      for (const proof of [await key.proof('GET', ISSUER_USERINFO_URL), await key.proof('GET', ISSUER_USERINFO_URL, { accessToken: 'another' })]) {
        const bad = await get(userinfo, { Authorization: `DPoP ${token}`, DPoP: proof });
        expect(bad.status).to.equal(401);
        expect(bad.headers.get('www-authenticate')).to.match(/^DPoP error="invalid_dpop_proof"/);
      }
      const noProof = await get(userinfo, { Authorization: `DPoP ${token}` });
      expect(noProof.headers.get('www-authenticate')).to.match(/^DPoP error="invalid_dpop_proof"/);
      const otherKey = await DpopKey.generate();
      const stolen = await get(userinfo, { Authorization: `DPoP ${token}`, DPoP: await otherKey.proof('GET', ISSUER_USERINFO_URL, { accessToken: token }) });
      expect([stolen.status, stolen.body.error]).to.deep.equal([401, 'invalid_token']);
    });

    it('introspection answers a bound token with token_type DPoP and its cnf', async () => {
      const token = (await clientToken(two.firstOrigin, svc, await key.proof('POST', ISSUER_TOKEN_URL))).body.access_token as string;
      const answer = await post(`${two.secondOrigin}/auth/oauth/introspect`, { token }, { Authorization: svc });
      expect(answer.body).to.deep.include({ active: true, token_type: 'DPoP', cnf: { jkt: key.jkt } });
    });

    it("a public client's refresh token is bound to the key: refused without a proof or with another key (invalid_grant), refreshed with it", async () => {
      const code = await signInForCode(two.firstOrigin, SPA.id, SPA.callback, 'alice');
      const exchange = { grant_type: 'authorization_code', code, redirect_uri: SPA.callback, client_id: SPA.id, code_verifier: PKCE_VERIFIER };
      const tokens = await post(tokenUrl(two.firstOrigin), exchange, { DPoP: await key.proof('POST', ISSUER_TOKEN_URL) });
      expect(tokens.body.token_type, JSON.stringify(tokens.body)).to.equal('DPoP');
      const refresh = { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token as string, client_id: SPA.id };
      const otherKey = await DpopKey.generate();
      for (const headers of [{}, { DPoP: await otherKey.proof('POST', ISSUER_TOKEN_URL) }] as Record<string, string>[]) {
        const refused = await post(tokenUrl(two.secondOrigin), refresh, headers);
        expect([refused.status, refused.body.error]).to.deep.equal([400, 'invalid_grant']);
      }
      const refreshed = await post(tokenUrl(two.secondOrigin), refresh, { DPoP: await key.proof('POST', ISSUER_TOKEN_URL) });
      expect(refreshed.status, JSON.stringify(refreshed.body)).to.equal(200);
      expect(claimsOf(refreshed.body.access_token as string)).to.deep.include({ cnf: { jkt: key.jkt } });
    });

    it('discovery lists the proof algorithms', async () => {
      const metadata = await get(`${two.secondOrigin}/auth/.well-known/openid-configuration`, {});
      expect(metadata.body.dpop_signing_alg_values_supported).to.deep.equal(['ES256', 'PS256', 'RS256', 'EdDSA']);
    });
  });
}
