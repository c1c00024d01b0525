import { expect } from 'chai';
import { ALGORITHMS_BY_METHOD, SIGN_METHODS } from '../../../src/index';
import { defaultAlgorithm, isAlgorithmOf, isSignMethod } from '../../../src/domain/model/SignMethod';

describe('SignMethod: the algorithms each sign method pins', () => {
  it('knows rsa, ecdsa and hmac only', () => {
    expect(SIGN_METHODS).to.deep.equal(['rsa', 'ecdsa', 'hmac']);
    for (const method of SIGN_METHODS) expect(isSignMethod(method)).to.equal(true);
    for (const other of ['none', 'RSA', 'eddsa', '']) expect(isSignMethod(other), other).to.equal(false);
  });

  it('allows RS and PS for rsa, ES for ecdsa, HS for hmac, and never none', () => {
    expect(ALGORITHMS_BY_METHOD).to.deep.equal({
      rsa: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'],
      ecdsa: ['ES256', 'ES384', 'ES512'],
      hmac: ['HS256', 'HS384', 'HS512'],
    });
  });

  it('defaults each method to its 256-bit algorithm', () => {
    expect(SIGN_METHODS.map(defaultAlgorithm)).to.deep.equal(['RS256', 'ES256', 'HS256']);
  });

  it('says whether an algorithm belongs to a method (no key confusion across methods)', () => {
    expect(isAlgorithmOf('rsa', 'PS384')).to.equal(true);
    expect(isAlgorithmOf('rsa', 'HS256')).to.equal(false);
    expect(isAlgorithmOf('hmac', 'HS512')).to.equal(true);
    expect(isAlgorithmOf('ecdsa', 'RS256')).to.equal(false);
    expect(isAlgorithmOf('ecdsa', 'none')).to.equal(false);
  });
});
