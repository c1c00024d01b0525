import { expect } from 'chai';
import { InvalidDpopProofError, UseDpopNonceError } from '../../../../../src/domain/dpopErrors';
import { bearerErrorAnswer, dpopChallenge } from '../../../../../src/interfaces/http/errors/bearerChallenge';
import { tokenErrorAnswer } from '../../../../../src/interfaces/http/errors/tokenErrorJson';

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
const TOKEN_ENDPOINT = { basicChallenge: false, bearer: false };

describe('DPoP error answers (RFC 9449 §5, §7.1, §8)', () => {
  it('the token endpoint answers a bad proof 400 invalid_dpop_proof, never the detail', () => {
    expect(tokenErrorAnswer(new InvalidDpopProofError('jti replayed'), TOKEN_ENDPOINT)).to.deep.equal({
      status: 400,
      headers: NO_STORE,
      body: { error: 'invalid_dpop_proof', error_description: 'the DPoP proof is invalid' },
    });
  });

  it('the token endpoint answers a missing nonce 400 use_dpop_nonce with the nonce in DPoP-Nonce', () => {
    expect(tokenErrorAnswer(new UseDpopNonceError('n-1'), TOKEN_ENDPOINT)).to.deep.equal({
      status: 400,
      headers: { 'DPoP-Nonce': 'n-1', ...NO_STORE },
      body: { error: 'use_dpop_nonce', error_description: 'the DPoP proof must carry the nonce of the DPoP-Nonce header' },
    });
  });

  it('userinfo answers them 401 with a DPoP challenge naming the algorithms', () => {
    expect(dpopChallenge('invalid_dpop_proof')).to.equal('DPoP error="invalid_dpop_proof", algs="ES256 PS256 RS256 EdDSA"');
    expect(bearerErrorAnswer(new InvalidDpopProofError('htu'))).to.deep.equal({
      status: 401,
      headers: { 'WWW-Authenticate': 'DPoP error="invalid_dpop_proof", algs="ES256 PS256 RS256 EdDSA"', ...NO_STORE },
      body: { error: 'invalid_dpop_proof', error_description: 'the DPoP proof is invalid' },
    });
    expect(bearerErrorAnswer(new UseDpopNonceError('n-2')).headers).to.deep.equal({
      'WWW-Authenticate': 'DPoP error="use_dpop_nonce", algs="ES256 PS256 RS256 EdDSA"',
      'DPoP-Nonce': 'n-2',
      ...NO_STORE,
    });
  });
});
