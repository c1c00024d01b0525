import { expect } from 'chai';
import { normaliseRecoveryCode } from '../../../src/domain/model/RecoveryCode';
import { factorKindsOf, type SecondFactor } from '../../../src/domain/model/SecondFactor';
import { totpCodeOf } from '../../../src/domain/model/TotpCode';

function factor(kind: SecondFactor['kind'], id: string): SecondFactor {
  return { id, userId: 'u', kind, label: id, createdAt: new Date(0) };
}

describe('second factor codes and kinds', () => {
  it('reads a recovery code with or without its dash, in any case and spacing', () => {
    expect(normaliseRecoveryCode('ABCDE-FGH27')).to.equal('ABCDEFGH27');
    expect(normaliseRecoveryCode('abcde fgh27')).to.equal('ABCDEFGH27');
    expect(normaliseRecoveryCode(' abcdefgh27 ')).to.equal('ABCDEFGH27');
  });

  it('refuses what is not ten base32 characters as a recovery code', () => {
    expect(normaliseRecoveryCode('ABCDE-FGH2')).to.equal(null);
    expect(normaliseRecoveryCode('ABCDE-FGH270')).to.equal(null);
    expect(normaliseRecoveryCode('ABCDE-FGH18')).to.equal(null);
    expect(normaliseRecoveryCode('xABCDEFGH27')).to.equal(null);
    expect(normaliseRecoveryCode('ABCDEFGH27x')).to.equal(null);
  });

  it('reads six digits as a TOTP code, spaces allowed, nothing else', () => {
    expect(totpCodeOf('123456')).to.equal('123456');
    expect(totpCodeOf('123 456')).to.equal('123456');
    expect(totpCodeOf('12345')).to.equal(null);
    expect(totpCodeOf('1234567')).to.equal(null);
    expect(totpCodeOf('x123456')).to.equal(null);
    expect(totpCodeOf('123456x')).to.equal(null);
  });

  it('lists the kinds a user holds once each, TOTP before passkeys', () => {
    expect(factorKindsOf([factor('passkey', 'a'), factor('totp', 'b'), factor('passkey', 'c')])).to.deep.equal(['totp', 'passkey']);
    expect(factorKindsOf([factor('passkey', 'a')])).to.deep.equal(['passkey']);
    expect(factorKindsOf([])).to.deep.equal([]);
  });
});
