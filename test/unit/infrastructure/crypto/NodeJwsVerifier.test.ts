import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { ClientAssertionAlg, PublicJwk } from '../../../../src/domain/model/ClientJwks';
import { NodeJwsVerifier } from '../../../../src/infrastructure/crypto/NodeJwsVerifier';

describe('NodeJwsVerifier (client assertion signatures on node:crypto)', () => {
  const verifier = new NodeJwsVerifier();
  const pairs = new Map<ClientAssertionAlg, { privateKey: CryptoKey; jwk: JWK }>();
  const sign = (alg: ClientAssertionAlg, privateKey: CryptoKey) => new SignJWT({ iss: 'c', sub: 'c' }).setProtectedHeader({ alg }).sign(privateKey);

  before(async () => {
    for (const alg of ['RS256', 'PS256', 'ES256', 'EdDSA'] as const) {
      const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
      pairs.set(alg, { privateKey, jwk: await exportJWK(publicKey) });
    }
  });

  it('verifies RS256, PS256, ES256 and EdDSA signatures made with jose', async () => {
    for (const [alg, { privateKey, jwk }] of pairs) expect(verifier.verify(await sign(alg, privateKey), alg, jwk as PublicJwk), alg).to.equal(true);
  });

  it('refuses another key, a changed payload, an algorithm the key cannot do, and what does not import', async () => {
    const es = pairs.get('ES256')!;
    const other = await exportJWK((await generateKeyPair('ES256', { extractable: true })).publicKey);
    const jws = await sign('ES256', es.privateKey);
    expect(verifier.verify(jws, 'ES256', other as PublicJwk)).to.equal(false);
    const [header, , signature] = jws.split('.');
    expect(verifier.verify(`${header}.${Buffer.from('{"iss":"x"}').toString('base64url')}.${signature}`, 'ES256', es.jwk as PublicJwk)).to.equal(false);
    expect(verifier.verify(jws, 'EdDSA', es.jwk as PublicJwk)).to.equal(false);
    const rs = pairs.get('RS256')!;
    // RS256 and PS256 are different paddings of the same key: one never passes for the other.
    expect(verifier.verify(await sign('RS256', rs.privateKey), 'PS256', rs.jwk as PublicJwk)).to.equal(false);
    expect(verifier.verify(jws, 'ES256', { kty: 'EC', crv: 'P-256', x: 'bad', y: 'bad' })).to.equal(false);
    expect(verifier.verify(jws, 'RS256', es.jwk as PublicJwk)).to.equal(false);
  });

  it('refuses RSA keys shorter than 2048 bits', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const jwk = publicKey.export({ format: 'jwk' }) as PublicJwk;
    const { createSign } = await import('node:crypto');
    const input = `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}`;
    const signature = createSign('sha256').update(input).sign(privateKey).toString('base64url');
    expect(verifier.verify(`${input}.${signature}`, 'RS256', jwk)).to.equal(false);
  });
});
