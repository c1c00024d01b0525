import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { exportJWK } from 'jose';
import { DpopProofInvalidError } from '../../../../src/index';
import { NodeDpopProofReader } from '../../../../src/infrastructure/crypto/NodeDpopProofReader';
import { publicJwkMembers } from '../../../../src/infrastructure/crypto/publicJwkMembers';
import { compactJws, encodeSegment, rsaSha256 } from '../../../support/compactJws';
import { athOf, dpopKey, dpopProof, type DpopKey } from '../../../support/dpopProofs';

function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).to.be.instanceOf(DpopProofInvalidError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('NodeDpopProofReader: a proof’s form, type, algorithm, key and signature (RFC 9449 §4.3)', () => {
  const at = { method: 'GET', url: 'https://api.example/orders', token: 'tok' };
  const keys: Record<string, DpopKey> = {};
  let reader: NodeDpopProofReader;

  before(async () => {
    for (const alg of ['ES256', 'PS256', 'RS256', 'EdDSA'] as const) keys[alg] = await dpopKey(alg);
  });
  beforeEach(() => {
    reader = new NodeDpopProofReader();
  });

  it('reads a proof of each pinned algorithm: the key’s RFC 7638 thumbprint and the claims as signed', async () => {
    for (const alg of ['ES256', 'PS256', 'RS256', 'EdDSA']) {
      const proof = await dpopProof(keys[alg], { ...at, claims: { jti: 'j', iat: 5 } });
      expect(reader.read(proof), alg).to.deep.equal({ jkt: keys[alg].jkt, claims: { htm: 'GET', htu: at.url, iat: 5, jti: 'j', ath: athOf('tok') } });
    }
  });

  it('hashes an access token as base64url(SHA-256) for ath', () => {
    expect(reader.accessTokenHash('abc')).to.equal('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  });

  it('refuses what is not a compact JWS of base64url segments, or too long', async () => {
    const good = await dpopProof(keys.ES256, at);
    for (const text of ['a.b', 'a.b.c.d', 'a..c', 'a.b+.c', `${good}=`, '']) expect(refusal(() => reader.read(text)), text).to.equal('the DPoP proof is not a compact JWS');
    const [h, p] = good.split('.');
    expect(refusal(() => reader.read(`${h}.${p}.${'A'.repeat(8192)}`))).to.equal('the DPoP proof is not a compact JWS');
    // 8192 characters are still read (and refused for what they say).
    expect(refusal(() => reader.read(`a.b.${'c'.repeat(8188)}`))).to.equal('the DPoP proof is not typed dpop+jwt');
  });

  it('refuses a header that is not JSON, or a proof not typed dpop+jwt', async () => {
    expect(refusal(() => reader.read(`${encodeSegment('x').slice(0, -1)}x.e30.c2ln`))).to.equal('the DPoP proof is not typed dpop+jwt');
    expect(refusal(() => reader.read(`${encodeSegment([1])}.e30.c2ln`))).to.equal('the DPoP proof is not typed dpop+jwt');
    for (const typ of ['JWT', 'at+jwt', 'DPOP+JWT', undefined]) {
      expect(refusal(() => reader.read(`${encodeSegment({ typ, alg: 'ES256', jwk: keys.ES256.publicJwk })}.e30.c2ln`)), String(typ)).to.equal('the DPoP proof is not typed dpop+jwt');
    }
  });

  it('refuses algorithms outside the pinned list: none, HMAC, other curves and hashes', () => {
    for (const alg of ['none', 'HS256', 'ES384', 'RS512', 'PS384', 'ES256K', 3, undefined]) {
      expect(refusal(() => reader.read(`${encodeSegment({ typ: 'dpop+jwt', alg, jwk: keys.ES256.publicJwk })}.e30.c2ln`)), String(alg)).to.equal(
        'the DPoP proof is signed with an algorithm not accepted',
      );
    }
  });

  it('refuses a missing, private, mismatched or incomplete jwk', async () => {
    const header = (jwk: unknown, alg = 'ES256') => `${encodeSegment({ typ: 'dpop+jwt', alg, jwk })}.e30.c2ln`;
    for (const jwk of [undefined, null, 'k', [keys.ES256.publicJwk]]) expect(refusal(() => reader.read(header(jwk))), JSON.stringify(jwk)).to.equal('the DPoP proof has no jwk header');
    const withPrivate = await dpopProof(keys.ES256, { ...at, header: { jwk: keys.ES256.privateJwk } });
    expect(refusal(() => reader.read(withPrivate))).to.equal('the DPoP proof jwk holds private key material');
    for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']) {
      expect(refusal(() => reader.read(header({ ...keys.RS256.publicJwk, [member]: 'x' }, 'RS256'))), member).to.equal('the DPoP proof jwk holds private key material');
    }
    expect(refusal(() => reader.read(header(keys.RS256.publicJwk, 'ES256')))).to.equal('the DPoP proof jwk is not a key for ES256');
    expect(refusal(() => reader.read(header(keys.ES256.publicJwk, 'EdDSA')))).to.equal('the DPoP proof jwk is not a key for EdDSA');
    expect(refusal(() => reader.read(header(keys.ES256.publicJwk, 'RS256')))).to.equal('the DPoP proof jwk is not a key for RS256');
    expect(refusal(() => reader.read(header({ ...keys.ES256.publicJwk, crv: 'P-384' })))).to.equal('the DPoP proof jwk is not a key for ES256');
    expect(refusal(() => reader.read(header({ ...keys.EdDSA.publicJwk, crv: 'X25519' }, 'EdDSA')))).to.equal('the DPoP proof jwk is not a key for EdDSA');
    expect(refusal(() => reader.read(header({ ...keys.ES256.publicJwk, y: undefined })))).to.equal('the DPoP proof jwk lacks y');
    expect(refusal(() => reader.read(header({ ...keys.ES256.publicJwk, x: '' })))).to.equal('the DPoP proof jwk lacks x');
    expect(refusal(() => reader.read(header({ ...keys.RS256.publicJwk, n: 5 }, 'RS256')))).to.equal('the DPoP proof jwk lacks n');
  });

  it('refuses a key node cannot use, or an RSA key under 2048 bits', async () => {
    const header = (jwk: unknown, alg: string) => `${encodeSegment({ typ: 'dpop+jwt', alg, jwk })}.e30.c2ln`;
    expect(refusal(() => reader.read(header({ ...keys.ES256.publicJwk, x: 'AAAA' }, 'ES256')))).to.equal('the DPoP proof key is not a usable public key for its algorithm');
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const jwk = await exportJWK(small.publicKey);
    const proof = compactJws({ typ: 'dpop+jwt', alg: 'RS256', jwk }, { htm: 'GET' }, rsaSha256(small.privateKey));
    expect(refusal(() => reader.read(proof))).to.equal('the DPoP proof key is not a usable public key for its algorithm');
  });

  it('refuses a signature that does not verify: another key’s, a changed payload, a truncated one', async () => {
    const proof = await dpopProof(keys.ES256, at);
    const [h, p, s] = proof.split('.');
    const other = (await dpopProof(keys.PS256, at)).split('.')[2];
    expect(refusal(() => reader.read(`${h}.${encodeSegment({ htm: 'POST' })}.${s}`))).to.equal('the DPoP proof signature does not verify');
    expect(refusal(() => reader.read(`${h}.${p}.${s.slice(0, 40)}`))).to.equal('the DPoP proof signature does not verify');
    expect(refusal(() => reader.read(`${h}.${p}.${other}`))).to.equal('the DPoP proof signature does not verify');
    for (const alg of ['PS256', 'RS256']) {
      // An RSA key signs for both: the proof's alg is what its signature is checked by.
      const signed = (await dpopProof(keys[alg], at)).split('.');
      const swapped = encodeSegment({ alg: alg === 'PS256' ? 'RS256' : 'PS256', typ: 'dpop+jwt', jwk: keys[alg].publicJwk });
      expect(refusal(() => reader.read(`${swapped}.${signed[1]}.${signed[2]}`)), alg).to.equal('the DPoP proof signature does not verify');
    }
  });

  it('refuses signed claims that are not a JSON object', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = await exportJWK(publicKey);
    const signWith = rsaSha256(privateKey);
    for (const claims of ['[1]', 'null', '"x"', '{']) {
      const input = `${encodeSegment({ typ: 'dpop+jwt', alg: 'RS256', jwk })}.${Buffer.from(claims).toString('base64url')}`;
      expect(refusal(() => reader.read(`${input}.${signWith(input).toString('base64url')}`)), claims).to.equal('the DPoP proof claims are not a JSON object');
    }
  });

  it('checks a header once and keeps a bounded few, by their text', async () => {
    const small = new NodeDpopProofReader(2);
    const held = (small as unknown as { headers: Map<string, { jkt: string }> }).headers;
    const first = await dpopProof(keys.ES256, at);
    small.read(first);
    const checked = held.get(first.split('.')[0]);
    expect(checked?.jkt).to.equal(keys.ES256.jkt);
    const second = await dpopProof(keys.ES256, at);
    expect(small.read(second).jkt).to.equal(keys.ES256.jkt);
    expect(held.get(second.split('.')[0])).to.equal(checked);
    small.read(await dpopProof(keys.RS256, at));
    small.read(await dpopProof(keys.EdDSA, at));
    expect([...held.values()].map((header) => header.jkt)).to.deep.equal([keys.RS256.jkt, keys.EdDSA.jkt]);
    expect(new NodeDpopProofReader()['maxHeaders' as never]).to.equal(1000);
  });

  it('keeps no header that failed, and checks a signature under a kept header every time', async () => {
    const proof = await dpopProof(keys.ES256, at);
    const [h, p, s] = proof.split('.');
    expect(refusal(() => reader.read(`${h}.${encodeSegment({ htm: 'POST' })}.${s}`))).to.equal('the DPoP proof signature does not verify');
    reader.read(proof);
    expect(refusal(() => reader.read(`${h}.${encodeSegment({ htm: 'POST' })}.${s}`))).to.equal('the DPoP proof signature does not verify');
    expect(refusal(() => reader.read(`${h}.${p}.${s.slice(0, 40)}`))).to.equal('the DPoP proof signature does not verify');
    const bad = `${encodeSegment({ typ: 'dpop+jwt', alg: 'ES256', jwk: keys.ES256.privateJwk })}.${p}.${s}`;
    expect(refusal(() => reader.read(bad))).to.equal('the DPoP proof jwk holds private key material');
    expect(refusal(() => reader.read(bad))).to.equal('the DPoP proof jwk holds private key material');
    expect((reader as unknown as { headers: Map<string, unknown> }).headers.size).to.equal(1);
  });

  it('computes thumbprints over the required members only, in RFC 7638 order', () => {
    const jwk = { ...keys.ES256.publicJwk, kid: 'ignored', use: 'sig', alg: 'ES256' };
    expect(publicJwkMembers(jwk, 'ES256')).to.deep.equal({
      jkt: keys.ES256.jkt,
      members: { crv: 'P-256', kty: 'EC', x: keys.ES256.publicJwk.x, y: keys.ES256.publicJwk.y },
    });
    expect((publicJwkMembers(keys.EdDSA.publicJwk, 'EdDSA') as { jkt: string }).jkt).to.equal(keys.EdDSA.jkt);
    expect((publicJwkMembers({ ...keys.EdDSA.publicJwk, crv: 'Ed448' }, 'EdDSA') as { jkt: string }).jkt).to.be.a('string');
  });
});
