import { expect } from 'chai';
import { assertDpopAsRegistered } from '../../../src/application/dpop/assertDpopAsRegistered';
import { InvalidDpopProofError, UseDpopNonceError } from '../../../src/domain/dpopErrors';
import { TokenInvalidError } from '../../../src/domain/errors';
import { DPOP_ALGORITHMS, withoutQueryAndFragment } from '../../../src/domain/model/DpopProof';
import { assertPresentedAsBound, boundKeyOf } from '../../../src/domain/model/tokenBinding';

describe('DPoP rules', () => {
  it('pins the asymmetric algorithms discovery announces', () => {
    expect(DPOP_ALGORITHMS).to.deep.equal(['ES256', 'PS256', 'RS256', 'EdDSA']);
  });

  it('compares htu without query and fragment, normalised as URLs are', () => {
    expect(withoutQueryAndFragment('https://AS.example:443/auth/oauth/token?a=1#x')).to.equal('https://as.example/auth/oauth/token');
    expect(withoutQueryAndFragment('https://as.example/auth/oauth/token')).to.equal('https://as.example/auth/oauth/token');
    expect(withoutQueryAndFragment('not a url')).to.equal('not a url');
  });

  it('errors have stable codes; the nonce error names the nonce, the proof error a detail for the log only', () => {
    const invalid = new InvalidDpopProofError('iat too old');
    expect([invalid.code, invalid.detail, invalid.message]).to.deep.equal(['INVALID_DPOP_PROOF', 'iat too old', 'the DPoP proof is invalid']);
    const nonce = new UseDpopNonceError('n-1');
    expect([nonce.code, nonce.nonce, nonce.message]).to.deep.equal(['USE_DPOP_NONCE', 'n-1', 'the DPoP proof must carry the server nonce']);
  });

  it('a client registered --require-dpop gets nothing without a proof; others may go without', () => {
    expect(() => assertDpopAsRegistered({ requireDpop: true }, null))
      .to.throw(InvalidDpopProofError)
      .with.property('detail', 'the client is registered to require DPoP and sent no proof');
    expect(() => assertDpopAsRegistered({ requireDpop: true }, 'jkt')).to.not.throw();
    expect(() => assertDpopAsRegistered({}, null)).to.not.throw();
    expect(() => assertDpopAsRegistered({ requireDpop: false }, null)).to.not.throw();
    expect(() => assertDpopAsRegistered(null, null)).to.not.throw();
  });
});

describe('token binding (RFC 9449 §6-7)', () => {
  it('reads cnf.jkt, and nothing from a malformed cnf', () => {
    expect(boundKeyOf({ cnf: { jkt: 'k' } })).to.equal('k');
    for (const claims of [{}, { cnf: null }, { cnf: 'k' }, { cnf: { jkt: 5 } }, { cnf: { x5t: 'k' } }]) expect(boundKeyOf(claims)).to.equal(undefined);
  });

  it('honours a bound token only with a proof of its key, and a bearer token only without a proof', () => {
    expect(() => assertPresentedAsBound({ cnf: { jkt: 'k' } }, 'k')).to.not.throw();
    expect(() => assertPresentedAsBound({}, undefined)).to.not.throw();
    expect(() => assertPresentedAsBound({ cnf: { jkt: 'k' } }, undefined)).to.throw(TokenInvalidError, 'without its proof');
    expect(() => assertPresentedAsBound({ cnf: { jkt: 'k' } }, 'other')).to.throw(TokenInvalidError, 'not bound');
    expect(() => assertPresentedAsBound({}, 'k')).to.throw(TokenInvalidError, 'not bound');
  });
});
