import { expect } from 'chai';
import { ClientKeyPair, JwksFiles, JwksServer, assertionFields } from '../../support/clientKeys';
import { FixedClock } from '../../support/FixedClock';
import { tokenRequest } from '../../support/signInForCode';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const form = (origin: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${origin}/auth/oauth/${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields) });

/**
 * private_key_jwt (RFC 7523) at the token, introspection and revocation endpoints of two instances on one
 * store: clients registered with a JWKS file or a JWKS URI, assertions signed with jose, each accepted once
 * across the instances, every failure the same 401 invalid_client.
 */
for (const backend of STORE_BACKENDS) {
  describe(`private_key_jwt client authentication (${backend.name}, two instances on one store)`, function () {
    this.timeout(60_000);
    const clock = new FixedClock(new Date());
    const files = new JwksFiles();
    let instances: TwoInstancesOnOneStore;
    let es256: ClientKeyPair;
    let eddsa: ClientKeyPair;
    let remoteKey: ClientKeyPair;
    let rotatedKey: ClientKeyPair;
    let keyServer: JwksServer;
    const now = () => Math.floor(clock.now().getTime() / 1000);

    before(async () => {
      es256 = await ClientKeyPair.generate('ES256', 'es-1');
      eddsa = await ClientKeyPair.generate('EdDSA', 'ed-1');
      remoteKey = await ClientKeyPair.generate('PS256', 'ps-1');
      rotatedKey = await ClientKeyPair.generate('RS256', 'rs-2');
      keyServer = await JwksServer.start([remoteKey.publicJwk]);
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        // The refusals below are many wrong "secrets" from one address: the limits are the unit tests' to show.
        env: { AUTH_LOGIN_MAX_ATTEMPTS: '1000' },
        register: async (cli) => {
          const added = await cli.clients(['add', '--id', 'keyed', '--confidential', '--grant', 'client_credentials', '--jwks', files.write({ keys: [es256.publicJwk, eddsa.publicJwk] })]);
          expect(added.code, added.err.join('\n')).to.equal(0);
          expect(added.out, 'no secret printed').to.deep.equal([]);
          expect(added.err.join('\n')).to.include('no secret');
          await cli.addClient('remote', '--confidential', '--grant', 'client_credentials', '--jwks-uri', keyServer.url);
        },
      });
    });
    after(async () => {
      await instances?.dispose();
      await keyServer?.close();
      files.dispose();
    });

    const tokenAt = async (origin: string, assertion: string, extra: Record<string, string> = {}) => {
      const answer = await tokenRequest(origin, { grant_type: 'client_credentials', ...assertionFields(assertion), ...extra });
      return answer;
    };
    const expectInvalidClient = (answer: { status: number; body: Record<string, unknown> }, why: string) => {
      expect(answer.status, why).to.equal(401);
      expect(answer.body, why).to.deep.equal({ error: 'invalid_client', error_description: 'client authentication failed' });
    };

    it('client_credentials with an assertion signed by a registered key (aud the issuer or the endpoint URL); ES256 and EdDSA', async () => {
      for (const [key, audience] of [[es256, instances.issuer], [eddsa, `${instances.issuer}/oauth/token`]] as const) {
        const answer = await tokenAt(instances.firstOrigin, await key.assertion('keyed', audience, now()));
        expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
        expect(JSON.parse(Buffer.from(String(answer.body.access_token).split('.')[1], 'base64url').toString())).to.include({ sub: 'keyed', client_id: 'keyed' });
      }
    });

    it('an assertion is accepted once, whichever instance sees it again', async () => {
      const assertion = await es256.assertion('keyed', instances.issuer, now());
      expect((await tokenAt(instances.firstOrigin, assertion)).status).to.equal(200);
      expectInvalidClient(await tokenAt(instances.secondOrigin, assertion), 'replayed at the other instance');
      expectInvalidClient(await tokenAt(instances.firstOrigin, assertion), 'replayed at the same instance');
    });

    it('refuses, all alike: another key, an expired or long-lived assertion, a foreign audience, iss other than sub, an unpinned alg, a replayed jti', async () => {
      const stranger = await ClientKeyPair.generate('ES256', 'es-1');
      const cases: Array<[string, Promise<string>]> = [
        ['signed by an unregistered key with a registered kid', stranger.assertion('keyed', instances.issuer, now())],
        ['expired', es256.assertion('keyed', instances.issuer, now(), { exp: now() - 1 })],
        ['valid for more than 5 minutes', es256.assertion('keyed', instances.issuer, now(), { exp: now() + 301 })],
        ['without exp', es256.assertion('keyed', instances.issuer, now(), { exp: undefined })],
        ['for another audience', es256.assertion('keyed', 'https://elsewhere.example', now())],
        ['for the revocation endpoint, presented at the token endpoint', es256.assertion('keyed', `${instances.issuer}/oauth/revoke`, now())],
        ['sub other than iss', es256.assertion('keyed', instances.issuer, now(), { sub: 'remote' })],
        ['without jti', es256.assertion('keyed', instances.issuer, now(), { jti: undefined })],
        ['of a client with a secret-less registration but named as another', es256.assertion('remote', instances.issuer, now())],
      ];
      for (const [why, assertion] of cases) expectInvalidClient(await tokenAt(instances.firstOrigin, await assertion), why);
      const hs = await tokenAt(instances.firstOrigin, `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iss: 'keyed', sub: 'keyed' })).toString('base64url')}.c2ln`);
      expectInvalidClient(hs, 'HS256');
    });

    it('a client_id beside the assertion must name its client; two methods at once or a wrong assertion type are invalid_request', async () => {
      expect((await tokenAt(instances.firstOrigin, await es256.assertion('keyed', instances.issuer, now()), { client_id: 'keyed' })).status).to.equal(200);
      expectInvalidClient(await tokenAt(instances.firstOrigin, await es256.assertion('keyed', instances.issuer, now()), { client_id: 'remote' }), 'another client_id');
      const both = await tokenAt(instances.firstOrigin, await es256.assertion('keyed', instances.issuer, now()), { client_secret: 'x', client_id: 'keyed' });
      expect(both.status).to.equal(400);
      expect(both.body.error).to.equal('invalid_request');
      const wrongType = await tokenRequest(instances.firstOrigin, { grant_type: 'client_credentials', client_assertion_type: 'urn:other', client_assertion: 'x.y.z' });
      expect(wrongType).to.deep.include({ status: 400 });
      expect(wrongType.body.error).to.equal('invalid_request');
    });

    it('a client registered with keys has no secret: a secret is refused, and rotate-secret explains', async () => {
      expectInvalidClient(await tokenRequest(instances.firstOrigin, { grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from('keyed:anything').toString('base64')}` }), 'a secret');
      const rotate = await instances.cli.clients(['rotate-secret', 'keyed']);
      expect(rotate.code).to.equal(1);
      expect(rotate.err.join('\n')).to.include('private_key_jwt');
      expect(rotate.out).to.deep.equal([]);
    });

    it('a --jwks-uri client: its keys are fetched, and fetched again for a kid the cached set lacks', async () => {
      expect((await tokenAt(instances.firstOrigin, await remoteKey.assertion('remote', instances.issuer, now()))).status).to.equal(200);
      const before = keyServer.fetches;
      expect((await tokenAt(instances.firstOrigin, await remoteKey.assertion('remote', instances.issuer, now()))).status, 'from the cache').to.equal(200);
      expect(keyServer.fetches).to.equal(before);
      keyServer.keys = [remoteKey.publicJwk, rotatedKey.publicJwk];
      // An unknown kid refetches at most once per cooldown (30 s), so assertions with made-up kids cannot hammer the client's server.
      expect((await tokenAt(instances.firstOrigin, await rotatedKey.assertion('remote', instances.issuer, now()))).status, 'within the cooldown').to.equal(401);
      clock.advanceSeconds(31);
      expect((await tokenAt(instances.firstOrigin, await rotatedKey.assertion('remote', instances.issuer, now()))).status, 'a rotated-in key').to.equal(200);
      expect(keyServer.fetches).to.equal(before + 1);
    });

    it('introspection and revocation take the same assertions (aud the issuer or their own URL)', async () => {
      const token = String((await tokenAt(instances.firstOrigin, await es256.assertion('keyed', instances.issuer, now()))).body.access_token);
      const introspected = await form(instances.secondOrigin, 'introspect', { token, ...assertionFields(await es256.assertion('keyed', `${instances.issuer}/oauth/introspect`, now())) });
      expect(introspected.status).to.equal(200);
      expect(await introspected.json()).to.include({ active: true, client_id: 'keyed' });
      const refused = await form(instances.secondOrigin, 'introspect', { token, ...assertionFields(await es256.assertion('keyed', `${instances.issuer}/oauth/token`, now())) });
      expect(refused.status).to.equal(401);
      const revoked = await form(instances.firstOrigin, 'revoke', { token, ...assertionFields(await eddsa.assertion('keyed', instances.issuer, now())) });
      expect(revoked.status).to.equal(200);
    });

    it('discovery names private_key_jwt and its algorithms at every endpoint that authenticates clients', async () => {
      const metadata = (await (await fetch(`${instances.firstOrigin}/auth/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
      for (const endpoint of ['token_endpoint', 'revocation_endpoint', 'introspection_endpoint']) {
        expect(metadata[`${endpoint}_auth_methods_supported`], endpoint).to.include('private_key_jwt');
        expect(metadata[`${endpoint}_auth_signing_alg_values_supported`], endpoint).to.deep.equal(['RS256', 'PS256', 'ES256', 'EdDSA']);
      }
    });
  });
}
