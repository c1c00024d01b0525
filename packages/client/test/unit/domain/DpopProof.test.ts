import { expect } from 'chai';
import { DpopBindingError, TokenInvalidError } from '../../../src/index';
import {
  DPOP_ALGORITHMS,
  DPOP_PROOF_WINDOW_SECONDS,
  boundKeyOf,
  checkScheme,
  dpopProofProblem,
  sameTarget,
  singleProof,
  type DpopExpectation,
} from '../../../src/domain/model/DpopProof';

const NOW = 1_800_000_000;
const EXPECTED: DpopExpectation = { jkt: 'K', method: 'GET', url: 'https://api.example/orders', ath: 'A', now: NOW };
const CLAIMS = { htm: 'GET', htu: 'https://api.example/orders', iat: NOW, jti: 'j', ath: 'A' };
const problemOf = (claims: Record<string, unknown>, jkt = 'K') => dpopProofProblem({ jkt, claims: { ...CLAIMS, ...claims } }, EXPECTED);

describe('DPoP rules (RFC 9449)', () => {
  it('pins ES256, PS256, RS256 and EdDSA, and a 60 s window', () => {
    expect(DPOP_ALGORITHMS).to.deep.equal(['ES256', 'PS256', 'RS256', 'EdDSA']);
    expect(Object.isFrozen(DPOP_ALGORITHMS)).to.equal(true);
    expect(DPOP_PROOF_WINDOW_SECONDS).to.equal(60);
  });

  it('reads the bound key from cnf.jkt, and no key from anything else', () => {
    expect(boundKeyOf({ cnf: { jkt: 'K' } })).to.equal('K');
    for (const cnf of [undefined, null, 'K', { jkt: 3 }, { 'x5t#S256': 'T' }]) expect(boundKeyOf({ cnf }), JSON.stringify(cnf)).to.equal(null);
  });

  it('takes a bound token only with the DPoP scheme and an unbound one only with Bearer', () => {
    expect(() => checkScheme('DPoP', 'K')).not.to.throw();
    expect(() => checkScheme('Bearer', null)).not.to.throw();
    const asBearer = (() => {
      try {
        checkScheme('Bearer', 'K');
      } catch (error) {
        return error;
      }
    })();
    expect(asBearer).to.be.instanceOf(DpopBindingError).and.to.be.instanceOf(TokenInvalidError);
    expect(asBearer).to.include({ code: 'TOKEN_INVALID', name: 'DpopBindingError', message: 'the token is DPoP-bound: present it with the DPoP scheme and a proof' });
    expect(() => checkScheme('DPoP', null)).to.throw(DpopBindingError, 'the token is not DPoP-bound: present it with the Bearer scheme');
  });

  it('takes exactly one proof from the DPoP header(s), trimmed', () => {
    expect(singleProof(' a.b.c ')).to.equal('a.b.c');
    expect(singleProof(['a.b.c'])).to.equal('a.b.c');
    for (const none of [undefined, '', '  ', []]) expect(singleProof(none), JSON.stringify(none)).to.deep.equal({ problem: 'the request has no DPoP proof' });
    for (const many of [['a.b.c', 'd.e.f'], 'a.b.c, d.e.f']) expect(singleProof(many)).to.deep.equal({ problem: 'the request has more than one DPoP proof' });
  });

  it('finds no problem in a proof that keeps every rule, at both edges of the window', () => {
    expect(problemOf({})).to.equal(null);
    expect(problemOf({ iat: NOW - 60 })).to.equal(null);
    expect(problemOf({ iat: NOW + 60 })).to.equal(null);
    expect(problemOf({ jti: 'j'.repeat(256) })).to.equal(null);
  });

  it('names the first rule a proof breaks', () => {
    expect(problemOf({}, 'L')).to.equal('the proof is signed with another key than the token is bound to');
    for (const htm of ['POST', 'get', undefined]) expect(problemOf({ htm })).to.equal('the proof is for another method (htm)');
    for (const htu of ['https://api.example/invoices', 'http://api.example/orders', 'https://other.example/orders', 3, undefined, ['https://api.example/orders']]) {
      expect(problemOf({ htu }), String(htu)).to.equal('the proof is for another URL (htu)');
    }
    for (const iat of [NOW - 61, NOW + 61, String(NOW), undefined, Number.NaN]) expect(problemOf({ iat }), String(iat)).to.equal('the proof was not issued just now (iat)');
    for (const jti of ['', 'j'.repeat(257), 7, undefined]) expect(problemOf({ jti }), String(jti)).to.equal('the proof has no usable identifier (jti)');
    for (const ath of ['B', undefined]) expect(problemOf({ ath })).to.equal('the proof is for another access token (ath)');
  });

  it('compares htu with the request URL as RFC 3986 normalises them, query and fragment aside', () => {
    const url = 'https://api.example/orders';
    for (const htu of [url, 'HTTPS://API.EXAMPLE/orders', 'https://api.example:443/orders', 'https://api.example/a/../orders', 'https://api.example/orders?x=1#f']) {
      expect(sameTarget(htu, url), htu).to.equal(true);
    }
    expect(sameTarget('http://api.example:80/orders', 'http://api.example/orders')).to.equal(true);
    for (const htu of ['https://api.example/Orders', 'https://api.example:8443/orders', 'not a url', '/orders']) expect(sameTarget(htu, url), htu).to.equal(false);
    expect(sameTarget('not a url', 'not a url')).to.equal(true);
    expect(sameTarget('a', 'b')).to.equal(false);
  });
});
