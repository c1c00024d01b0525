import { expect } from 'chai';
import { isPublicJwkFor, thumbprintInput } from '../../../src/domain/model/jwkThumbprint';
import { RFC7638_KEY } from '../../support/rfc7638Key';


describe('JWK thumbprint input (RFC 7638 §3)', () => {
  it('is the required members of the key type only, in lexicographic order, without whitespace', () => {
    expect(thumbprintInput(RFC7638_KEY)).to.equal(`{"e":"AQAB","kty":"RSA","n":"${RFC7638_KEY.n}"}`);
    expect(thumbprintInput({ kty: 'EC', y: 'Y', x: 'X', crv: 'P-256', use: 'sig' })).to.equal('{"crv":"P-256","kty":"EC","x":"X","y":"Y"}');
    expect(thumbprintInput({ kty: 'OKP', x: 'X', crv: 'Ed25519' })).to.equal('{"crv":"Ed25519","kty":"OKP","x":"X"}');
  });

  it('escapes member values as JSON does', () => {
    expect(thumbprintInput({ kty: 'OKP', x: 'a"b\\c', crv: 'Ed25519' })).to.equal('{"crv":"Ed25519","kty":"OKP","x":"a\\"b\\\\c"}');
  });

  it('has none for another key type or a key missing a required member', () => {
    expect(thumbprintInput({ kty: 'oct', k: 'secret' })).to.equal(null);
    expect(thumbprintInput({ kty: 'toString' })).to.equal(null);
    expect(thumbprintInput({ kty: 'RSA', n: 'n' })).to.equal(null);
    expect(thumbprintInput({ kty: 'EC', crv: 'P-256', x: 'X', y: 5 })).to.equal(null);
  });
});

describe('isPublicJwkFor', () => {
  const ec = { kty: 'EC', crv: 'P-256', x: 'X', y: 'Y' };
  const okp = { kty: 'OKP', crv: 'Ed25519', x: 'X' };

  it('takes a public key of the type and curve the algorithm needs', () => {
    expect(isPublicJwkFor(ec, 'ES256')).to.equal(true);
    expect(isPublicJwkFor(RFC7638_KEY, 'RS256')).to.equal(true);
    expect(isPublicJwkFor(RFC7638_KEY, 'PS256')).to.equal(true);
    expect(isPublicJwkFor(okp, 'EdDSA')).to.equal(true);
    expect(isPublicJwkFor({ ...okp, crv: 'Ed448' }, 'EdDSA')).to.equal(true);
  });

  it('refuses another type or curve', () => {
    expect(isPublicJwkFor(ec, 'RS256')).to.equal(false);
    expect(isPublicJwkFor(RFC7638_KEY, 'ES256')).to.equal(false);
    expect(isPublicJwkFor({ ...ec, crv: 'P-384' }, 'ES256')).to.equal(false);
    expect(isPublicJwkFor({ ...okp, crv: 'X25519' }, 'EdDSA')).to.equal(false);
    expect(isPublicJwkFor({ ...ec, kty: 'OKP' }, 'EdDSA')).to.equal(false);
    expect(isPublicJwkFor({ ...ec, kty: 'OKP' }, 'ES256')).to.equal(false);
    expect(isPublicJwkFor({ ...okp, kty: 'EC' }, 'EdDSA')).to.equal(false);
  });

  it('refuses any private member', () => {
    for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']) {
      expect(isPublicJwkFor({ ...RFC7638_KEY, [member]: 'secret' }, 'RS256'), member).to.equal(false);
    }
    expect(isPublicJwkFor({ ...ec, d: 'secret' }, 'ES256')).to.equal(false);
  });

  it('refuses what is no key object or misses a required member', () => {
    for (const jwk of [null, undefined, 'jwk', 5, [ec], { kty: 'EC', crv: 'P-256', x: 'X' }, { ...RFC7638_KEY, e: 65537 }]) {
      expect(isPublicJwkFor(jwk, 'ES256') || isPublicJwkFor(jwk, 'RS256'), JSON.stringify(jwk)).to.equal(false);
    }
  });
});
