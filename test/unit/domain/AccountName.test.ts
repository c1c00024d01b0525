import { expect } from 'chai';
import { accountKey, isSafeText } from '../../../src/domain/model/AccountName';

describe('account names', () => {
  it('compares names after NFKC and full case folding: width, case and ß → ss make no other account', () => {
    expect(accountKey('ＢＯＢ')).to.equal('bob');
    expect(accountKey('Bob')).to.equal('bob');
    expect(accountKey('Straße')).to.equal(accountKey('STRASSE'));
    expect(accountKey('Straße')).to.equal('strasse');
  });

  it('refuses control characters and lone surrogates, accepts other text', () => {
    for (const unsafe of ['a\u0000b', 'tab\t', 'del\u007f', 'half\ud800']) expect(isSafeText(unsafe), JSON.stringify(unsafe)).to.equal(false);
    for (const safe of ['alice', 'ｂｏｂ', 'émilie 😀']) expect(isSafeText(safe), safe).to.equal(true);
  });
});
