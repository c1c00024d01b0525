import { expect } from 'chai';
import { InvalidRequestError } from '../../../src/domain/errors';
import { CLIENT_ASSERTION_ALGS, clientJwksOf, isClientAssertionAlg, keyFitsAlg, MAX_CLIENT_KEYS, type PublicJwk } from '../../../src/domain/model/ClientJwks';

const RSA = { kty: 'RSA', kid: 'r', n: 'AQAB', e: 'AQAB' };
const EC = { kty: 'EC', kid: 'e', crv: 'P-256', x: 'x', y: 'y' };
const OKP = { kty: 'OKP', kid: 'o', crv: 'Ed25519', x: 'x' };

function refusal(document: unknown): string {
  try {
    clientJwksOf(document);
  } catch (error) {
    expect(error).to.be.instanceOf(InvalidRequestError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('clientJwksOf (a client\'s registered public keys, private_key_jwt)', () => {
  it('keeps RSA, EC and OKP public keys as given, with or without kid', () => {
    const { kid: _kid, ...noKid } = RSA;
    expect(clientJwksOf({ keys: [RSA, EC, OKP, noKid] })).to.deep.equal([RSA, EC, OKP, noKid]);
    expect(clientJwksOf({ keys: Array.from({ length: MAX_CLIENT_KEYS }, (_, index) => ({ ...RSA, kid: `k${index}` })) })).to.have.length(MAX_CLIENT_KEYS);
  });

  it('refuses what is no JWKS, an empty one, and more than MAX_CLIENT_KEYS keys', () => {
    for (const document of [null, 'keys', [RSA], {}, { keys: {} }]) expect(refusal(document)).to.equal('the JWKS must be a JSON object with a "keys" array');
    expect(refusal({ keys: [] })).to.equal('the JWKS holds no key');
    expect(refusal({ keys: Array.from({ length: MAX_CLIENT_KEYS + 1 }, (_, index) => ({ ...RSA, kid: `k${index}` })) })).to.equal('the JWKS may hold at most 10 keys');
  });

  it('refuses private and symmetric members, naming the key and the member', () => {
    for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']) {
      expect(refusal({ keys: [EC, { ...RSA, [member]: 'secret' }] })).to.equal(`JWKS key 1 holds the private member "${member}": register public keys only`);
    }
  });

  it('refuses keys that are not objects, of another type, with a kid that is no string or is given twice', () => {
    for (const key of [null, 'RSA', [RSA]]) expect(refusal({ keys: [key] })).to.equal('JWKS key 0 is not a JSON object');
    for (const kty of ['oct', undefined, 7]) expect(refusal({ keys: [{ ...RSA, kty }] })).to.equal('JWKS key 0 must be of kty RSA, EC or OKP');
    expect(refusal({ keys: [{ ...RSA, kid: 5 }] })).to.equal('JWKS key 0 has a kid that is not a string');
    expect(refusal({ keys: [RSA, { ...EC, kid: 'r' }] })).to.equal('JWKS kid "r" is given twice');
  });
});

describe('keyFitsAlg and the pinned client assertion algorithms', () => {
  it('pins RS256, PS256, ES256 and EdDSA', () => {
    expect(CLIENT_ASSERTION_ALGS).to.deep.equal(['RS256', 'PS256', 'ES256', 'EdDSA']);
    for (const alg of CLIENT_ASSERTION_ALGS) expect(isClientAssertionAlg(alg)).to.equal(true);
    for (const alg of ['HS256', 'none', 'RS512', 'ES384', 7, undefined]) expect(isClientAssertionAlg(alg)).to.equal(false);
  });

  it('matches the key type and curve to the algorithm', () => {
    const fits = (jwk: PublicJwk) => CLIENT_ASSERTION_ALGS.filter((alg) => keyFitsAlg(jwk, alg));
    expect(fits(RSA)).to.deep.equal(['RS256', 'PS256']);
    expect(fits(EC)).to.deep.equal(['ES256']);
    expect(fits({ ...EC, crv: 'P-384' })).to.deep.equal([]);
    expect(fits(OKP)).to.deep.equal(['EdDSA']);
    expect(fits({ ...OKP, crv: 'X25519' })).to.deep.equal([]);
    expect(fits({ ...OKP, kty: 'EC' })).to.deep.equal([]);
    expect(fits({ ...EC, kty: 'OKP' })).to.deep.equal([]);
  });

  it('honours the key\'s own alg and use when it names them', () => {
    expect(keyFitsAlg({ ...RSA, alg: 'PS256' }, 'RS256')).to.equal(false);
    expect(keyFitsAlg({ ...RSA, alg: 'PS256' }, 'PS256')).to.equal(true);
    expect(keyFitsAlg({ ...RSA, use: 'enc' }, 'RS256')).to.equal(false);
    expect(keyFitsAlg({ ...RSA, use: 'sig' }, 'RS256')).to.equal(true);
  });
});
