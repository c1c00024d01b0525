import { expect } from 'chai';
import { formatUserCode, normalizeUserCode, USER_CODE_ALPHABET, USER_CODE_LENGTH } from '../../../../src/domain/model/UserCode';

describe('UserCode (RFC 8628 §6.1): eight consonants, shown XXXX-XXXX, typed however', () => {
  it('is 20 consonants without vowels, eight of them', () => {
    expect(USER_CODE_ALPHABET).to.equal('BCDFGHJKLMNPQRSTVWXZ');
    expect(new Set(USER_CODE_ALPHABET).size).to.equal(20);
    expect(USER_CODE_ALPHABET).not.to.match(/[AEIOUY]/);
    expect(USER_CODE_LENGTH).to.equal(8);
  });

  it('is shown as two groups of four', () => {
    expect(formatUserCode('BCDFGHJK')).to.equal('BCDF-GHJK');
  });

  it('accepts any case, with or without the dash and spaces', () => {
    for (const typed of ['BCDF-GHJK', 'bcdf-ghjk', 'bcdfghjk', ' BCDF GHJK ', 'Bc-Df-Gh-Jk', 'bcdf\tghjk']) expect(normalizeUserCode(typed), typed).to.equal('BCDFGHJK');
  });

  it('refuses what cannot be one of ours: wrong length, vowels, digits, other marks, over-long input', () => {
    for (const typed of ['BCDF-GHJ', 'BCDF-GHJKL', 'BCDA-GHJK', 'BCD1-GHJK', 'BCDF_GHJK', 'BCDF.GHJK', '', `${'-'.repeat(30)}BCDFGHJK`]) {
      expect(normalizeUserCode(typed), typed).to.equal(null);
    }
  });

  it('takes input of up to 32 characters', () => {
    expect(normalizeUserCode(`${' '.repeat(24)}BCDFGHJK`)).to.equal('BCDFGHJK');
  });
});
