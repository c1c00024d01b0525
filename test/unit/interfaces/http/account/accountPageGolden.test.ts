import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { accountPage, totpEnrolPage } from '../../../../../src/interfaces/http/account/accountPages';
import { fullOverview, TOTP_SETUP } from './accountPageModels';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

/**
 * The account pages as rendered, whole: every form, field, word and escape in
 * its place. A change to a page changes its fixture in the same commit
 * (reviewed as HTML: fixtures/*.html).
 */
describe('the account pages, rendered whole', () => {
  it('the overview with one of everything, in English', () => {
    expect(accountPage(fullOverview('en'))).to.equal(fixture('account-page-en.html'));
  });

  it('the overview in Chinese, refused as busy', () => {
    expect(accountPage({ ...fullOverview('zh'), notice: undefined, error: 'busy' })).to.equal(fixture('account-page-zh.html'));
  });

  it('the authenticator app\'s set-up after a wrong code', () => {
    expect(totpEnrolPage(TOTP_SETUP, { title: 'Set up', hint: 'Scan it', manualEntry: 'Key', code: 'Code', confirm: 'Confirm' })).to.equal(fixture('totp-setup-en.html'));
  });
});
