import { expect } from 'chai';
import { proofMethodOf } from '../../../src/domain/model/ProofMethod';

describe('proofMethodOf (the kind of a second-factor proof, for the trail)', () => {
  it('names six digits a TOTP code, ten base32 characters a recovery code, an assertion a passkey', () => {
    expect(proofMethodOf({ kind: 'code', code: '123 456' })).to.equal('totp');
    expect(proofMethodOf({ kind: 'code', code: 'abcde-fgh27' })).to.equal('recovery_code');
    expect(proofMethodOf({ kind: 'passkey', assertion: {} })).to.equal('passkey');
  });

  it('names nothing for a code of neither shape', () => {
    expect(proofMethodOf({ kind: 'code', code: '12345' })).to.equal(null);
    expect(proofMethodOf({ kind: 'code', code: 'hello' })).to.equal(null);
  });
});
