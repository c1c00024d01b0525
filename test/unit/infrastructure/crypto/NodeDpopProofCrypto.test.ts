import { generateKeyPairSync, sign } from 'node:crypto';
import { expect } from 'chai';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import type { DpopAlgorithm } from '../../../../src/domain/model/DpopProof';
import { thumbprintInput, type PublicJwk } from '../../../../src/domain/model/jwkThumbprint';
import { NodeDpopProofCrypto } from '../../../../src/infrastructure/crypto/NodeDpopProofCrypto';
import { RFC7638_KEY } from '../../../support/rfc7638Key';

const crypto = new NodeDpopProofCrypto();

async function signed(alg: DpopAlgorithm): Promise<{ proof: string; jwk: PublicJwk; other: PublicJwk }> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = (await exportJWK(publicKey)) as PublicJwk;
  const other = (await exportJWK((await generateKeyPair(alg)).publicKey)) as PublicJwk;
  const proof = await new SignJWT({ htm: 'POST', htu: 'https://as.example/t', jti: 'j' })
    .setProtectedHeader({ typ: 'dpop+jwt', alg, jwk })
    .setIssuedAt()
    .sign(privateKey as CryptoKey);
  return { proof, jwk, other };
}

describe('NodeDpopProofCrypto', () => {
  it('hashes RFC 7638 §3.1 example key to its published thumbprint', () => {
    expect(crypto.sha256(thumbprintInput(RFC7638_KEY) as string)).to.equal('NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs');
  });

  it('hashes an access token as RFC 9449 §4.2 ath: base64url SHA-256 of its ASCII', () => {
    // SHA-256("abc"), base64url.
    expect(crypto.sha256('abc')).to.equal('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  });

  for (const alg of ['ES256', 'RS256', 'PS256', 'EdDSA'] as const) {
    it(`decodes and verifies a ${alg} proof jose signed; refuses another key and a changed payload`, async () => {
      const { proof, jwk, other } = await signed(alg);
      const decoded = crypto.decode(proof);
      expect(decoded?.header).to.deep.include({ typ: 'dpop+jwt', alg });
      expect(decoded?.claims).to.deep.include({ htm: 'POST', jti: 'j' });
      expect(crypto.verify(decoded!, alg, jwk)).to.equal(true);
      expect(crypto.verify(decoded!, alg, other)).to.equal(false);
      const tampered = { ...decoded!, signingInput: `${decoded!.signingInput}x` };
      expect(crypto.verify(tampered, alg, jwk)).to.equal(false);
    });
  }

  it('refuses an RSA key under 2048 bits, and a key that cannot be imported', async () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const input = `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}`;
    const proof = `${input}.${sign('sha256', Buffer.from(input), small.privateKey).toString('base64url')}`;
    const jwk = small.publicKey.export({ format: 'jwk' }) as PublicJwk;
    expect(crypto.verify(crypto.decode(proof)!, 'RS256', jwk)).to.equal(false);
    const good = await signed('ES256');
    expect(crypto.verify(crypto.decode(good.proof)!, 'ES256', { kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' })).to.equal(false);
  });

  it('verifies with the algorithm named, not another of the same key type', async () => {
    const { proof, jwk } = await signed('RS256');
    expect(crypto.verify(crypto.decode(proof)!, 'PS256', jwk)).to.equal(false);
  });

  it('decodes only three non-empty base64url parts with JSON objects for header and payload', () => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(crypto.decode(`${part({ a: 1 })}.${part({ b: 2 })}.c2ln`)).to.deep.include({ header: { a: 1 }, claims: { b: 2 }, signingInput: `${part({ a: 1 })}.${part({ b: 2 })}` });
    for (const proof of ['a.b', 'a.b.c.d', `${part({})}.${part({})}.`, `${part({})}.${part([1])}.c2ln`, `${part('s')}.${part({})}.c2ln`, `${part({})}.${part(null)}.c2ln`, `${part({})}.e30+.c2ln`, 'e30.bm90IGpzb24.c2ln']) {
      expect(crypto.decode(proof), proof).to.equal(null);
    }
  });
});
