import { createPublicKey } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import { jwkThumbprint } from '@auth-service/client';
import type { AuthServer } from '../../src/interfaces/composition/authServerAssembly';
import { startAuthServer } from '../support/authTestServer';

const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

describe('JWKS and OpenID discovery', () => {
  for (const [method, alg, kty] of [
    ['rsa', 'RS256', 'RSA'],
    ['ecdsa', 'ES384', 'EC'],
  ] as const) {
    describe(`${method} (${alg})`, () => {
      let auth: AuthServer;
      before(async () => {
        ({ auth } = await startAuthServer({ AUTH_SIGN_METHOD: method, AUTH_SIGN_ALG: alg }));
      });
      after(() => auth.close());

      it('publishes the active key as a public JWK whose kid is its RFC 7638 thumbprint', async () => {
        const res = await request(auth.server).get('/auth/.well-known/jwks.json').expect(200);
        expect(res.headers['content-type']).to.match(/^application\/jwk-set\+json/);
        expect(res.headers['cache-control']).to.match(/max-age=\d+/);
        expect(res.body.keys).to.have.length(1);
        const [jwk] = res.body.keys;
        expect(jwk).to.include({ kty, use: 'sig', alg });
        for (const member of PRIVATE_JWK_MEMBERS) expect(jwk).not.to.have.property(member);

        const seed = await request(auth.server).get('/auth/client/user/secret/key?appId=a&appSecret=b').expect(200);
        const seedKey = createPublicKey({ key: Buffer.from(seed.body.data, 'base64'), format: 'der', type: 'spki' });
        expect(jwk.kid).to.equal(jwkThumbprint(seedKey));
        expect(jwkThumbprint(createPublicKey({ key: jwk, format: 'jwk' }))).to.equal(jwk.kid);
      });

      it('answers 304 to a matching If-None-Match and 200 otherwise', async () => {
        const first = await request(auth.server).get('/auth/.well-known/jwks.json').expect(200);
        expect(first.headers.etag).to.be.a('string');
        await request(auth.server).get('/auth/.well-known/jwks.json').set('If-None-Match', first.headers.etag).expect(304);
        await request(auth.server).get('/auth/.well-known/jwks.json').set('If-None-Match', 'W/"other"').expect(200);
      });

      it('serves discovery metadata pointing at the JWKS and the standard token endpoint, without a token', async () => {
        const res = await request(auth.server).get('/auth/.well-known/openid-configuration').expect(200);
        expect(res.headers['cache-control']).to.match(/max-age=\d+/);
        expect(res.body).to.include({
          issuer: 'http://localhost/auth',
          jwks_uri: 'http://localhost/auth/.well-known/jwks.json',
          token_endpoint: 'http://localhost/auth/oauth/token',
        });
        // An asymmetric key signs ID tokens: OpenID Provider metadata, the key's algorithm, never none.
        expect(res.body).to.deep.include({ id_token_signing_alg_values_supported: [alg], subject_types_supported: ['public'], scopes_supported: ['openid', 'profile', 'email', 'phone'] });
        const rfc8414 = await request(auth.server).get('/auth/.well-known/oauth-authorization-server').expect(200);
        expect(rfc8414.body).to.deep.equal(res.body);
        const etag = res.headers.etag;
        await request(auth.server).get('/auth/.well-known/openid-configuration').set('If-None-Match', etag).expect(304);
      });
    });
  }

  describe('hmac', () => {
    let auth: AuthServer;
    before(async () => {
      ({ auth } = await startAuthServer({ AUTH_SIGN_METHOD: 'hmac', AUTH_CLIENTS: 'svc:s3cret' }));
    });
    after(() => auth.close());

    it('makes no OpenID Provider claims: no ID token can be signed with a shared secret', async () => {
      const res = await request(auth.server).get('/auth/.well-known/openid-configuration').expect(200);
      expect(res.body).to.include({ issuer: 'http://localhost/auth', token_endpoint: 'http://localhost/auth/oauth/token' });
      for (const name of ['id_token_signing_alg_values_supported', 'subject_types_supported', 'scopes_supported']) expect(res.body).not.to.have.property(name);
      expect(res.body.claims_supported).to.deep.equal(['sub', 'client_id', 'iss', 'iat', 'exp', 'jti', 'account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'telephone', 'grade']);
      expect((await request(auth.server).get('/auth/.well-known/oauth-authorization-server').expect(200)).body).to.deep.equal(res.body);
    });

    it('publishes an empty set: a secret is never a public key', async () => {
      const res = await request(auth.server).get('/auth/.well-known/jwks.json').expect(200);
      expect(res.body).to.deep.equal({ keys: [] });
      const secret = (await request(auth.server).get('/auth/client/user/secret/key?appId=svc&appSecret=s3cret').expect(200)).body.data;
      expect(res.text).not.to.contain(secret);
      expect(res.text).not.to.contain(Buffer.from(secret, 'base64').toString('base64url'));
    });
  });
});
