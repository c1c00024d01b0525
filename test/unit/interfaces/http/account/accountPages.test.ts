import { expect } from 'chai';
import type { AccountOverviewResult } from '../../../../../src/application/account/AccountOverview';
import { accountPage, messagePage, recoveryCodesPage, totpEnrolPage, type OverviewModel } from '../../../../../src/interfaces/http/account/accountPages';

const HOSTILE = '<script>alert("x")</script>';

function overview(fields: Partial<AccountOverviewResult> = {}): AccountOverviewResult {
  return { factors: [], recoveryCodesLeft: 0, sessions: [], consents: [], ...fields };
}

function model(fields: Partial<OverviewModel> = {}): OverviewModel {
  return { language: 'en', staticBase: '/auth/static', csrfToken: 'CSRF-TOKEN', account: 'alice', overview: overview(), passkeyOptions: null, ...fields };
}

const forms = (html: string) => [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map((match) => match[0]);

describe('the account pages', () => {
  it('posts every form to the page with the CSRF token and its action, and runs no inline script', () => {
    const html = accountPage(
      model({
        overview: overview({
          factors: [{ id: 'f1', userId: 'u', kind: 'passkey', label: 'Laptop', createdAt: new Date('2026-01-02T03:04:05Z') }],
          sessions: [
            { sid: 's1', signedInAt: new Date('2026-01-02T03:04:05Z'), expiresAt: new Date('2026-01-02T11:04:05Z'), current: true },
            { sid: 's2', signedInAt: null, expiresAt: new Date('2026-01-03T00:00:00Z'), current: false },
          ],
          consents: [{ clientId: 'app', name: 'App', scopes: ['openid'] }],
        }),
        passkeyOptions: { challenge: 'c' },
      }),
    );
    const all = forms(html);
    expect(all.map((form) => /name="action" value="([^"]+)"/.exec(form)![1])).to.deep.equal([
      'factor_remove',
      'totp_start',
      'recovery_regenerate',
      'passkey_add',
      'session_end',
      'sessions_end_others',
      'consent_revoke',
      'password_change',
    ]);
    for (const form of all) {
      expect(form).to.match(/^<form method="post" action="account"/);
      expect(form).to.include('name="csrf_token" value="CSRF-TOKEN"');
    }
    expect(html).to.not.match(/<script>|<script [^>]*>[^<]/).and.to.not.match(/ on[a-z]+=/);
    expect(html).to.include('<script src="/auth/static/vendor/index.umd.min.js"></script>').and.include('<script src="/auth/static/passkey.js"></script>');
    expect(html).to.include('data-options="{&#34;challenge&#34;:&#34;c&#34;}"');
    expect(html).to.include('Passkey: Laptop <small>(added 2026-01-02 03:04 UTC)</small>');
    expect(html).to.include('Signed in 2026-01-02 03:04 UTC, ends 2026-01-02 11:04 UTC').and.include('<strong>this browser</strong>');
    expect(html).to.include('name="sid" value="s2"').and.not.include('name="sid" value="s1"');
    expect(html).to.include('Recovery codes left: 0');
    expect(html).to.include('<link rel="stylesheet" href="/auth/static/account.css">');
  });

  it('escapes what users and apps named: the account, a passkey, an app and its scopes', () => {
    const html = accountPage(
      model({
        account: HOSTILE,
        overview: overview({
          factors: [{ id: HOSTILE, userId: 'u', kind: 'passkey', label: HOSTILE, createdAt: new Date(0) }],
          consents: [{ clientId: HOSTILE, name: HOSTILE, scopes: [HOSTILE] }],
        }),
      }),
    );
    expect(html).to.not.include(HOSTILE);
    expect(html).to.include('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
  });

  it('offers the TOTP set-up only without a TOTP factor, recovery codes only with a factor, passkeys only with options, ending others only when there are others', () => {
    const bare = accountPage(model({ overview: overview({ sessions: [{ sid: 's1', signedInAt: null, expiresAt: new Date(0), current: true }] }) }));
    expect(bare).to.include('value="totp_start"').and.include('You have no second factor').and.include('You have not allowed any app.');
    expect(bare).to.not.include('value="recovery_regenerate"').and.not.include('passkey-form').and.not.include('<script').and.not.include('value="sessions_end_others"');
    const withTotp = accountPage(model({ overview: overview({ factors: [{ id: 't', userId: 'u', kind: 'totp', label: 'totp', createdAt: new Date(0) }], recoveryCodesLeft: 7 }) }));
    expect(withTotp).to.include('Authenticator app').and.include('Recovery codes left: 7').and.not.include('value="totp_start"');
  });

  it('shows a notice or a refusal, in English or Chinese', () => {
    expect(accountPage(model({ notice: 'passkey_added' }))).to.include('<p class="notice" role="status">The passkey has been added.</p>').and.not.include('class="error"');
    expect(accountPage(model({ error: 'wrong_password' }))).to.include('<p class="error" role="alert">The current password is wrong.</p>').and.not.include('class="notice"');
    const zh = accountPage(model({ language: 'zh', error: 'busy' }));
    expect(zh).to.include('<html lang="zh-CN">').and.include('您的账号').and.include('尝试过于频繁').and.include('rel="preload" href="/auth/static/fonts/sign-in-cjk.woff2"');
    expect(accountPage(model())).to.include('<html lang="en">').and.not.include('rel="preload"');
  });

  it('shows the TOTP set-up with the QR code, URI and key as text, a refusal when there was one', () => {
    const base = { language: 'en' as const, staticBase: '/auth/static', csrfToken: 'T', account: 'alice', secret: 'ABC<', uri: 'otpauth://totp/x?secret=ABC&issuer=y', qrSvg: '<svg></svg>' };
    const words = { title: 'Set up', hint: 'Scan', manualEntry: 'Key', code: 'Code', confirm: 'Confirm' };
    const html = totpEnrolPage(base, words);
    expect(html).to.include('<div class="qr"><svg></svg></div>').and.include('<code>ABC&#60;</code>').and.include('otpauth://totp/x?secret=ABC&#38;issuer=y');
    expect(forms(html)).to.have.length(1);
    expect(html).to.include('value="totp_confirm"').and.include('name="otp"').and.not.include('class="error"');
    expect(totpEnrolPage({ ...base, error: 'wrong_code' }, words)).to.include('The code is wrong');
  });

  it('shows recovery codes once and a message page with one link, escaped', () => {
    const codes = recoveryCodesPage({ language: 'en', staticBase: '/s', codes: ['AAAAA-BBBBB', '<x>'] }, { title: 'Codes', hint: 'Keep them' });
    expect(codes).to.include('<li><code>AAAAA-BBBBB</code></li>').and.include('<li><code>&#60;x&#62;</code></li>').and.include('href="account"');
    const message = messagePage({ language: 'zh', staticBase: '/s' }, 'T<', 'M<', { href: 'a"b', label: 'L<' });
    expect(message).to.include('<h1>T&#60;</h1>').and.include('<p>M&#60;</p>').and.include('href="a&#34;b"').and.include('>L&#60;</a>');
  });
});
