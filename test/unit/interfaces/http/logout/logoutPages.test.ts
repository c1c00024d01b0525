import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LogoutFormTokens } from '../../../../../src/interfaces/http/logout/LogoutFormTokens';
import { confirmPage, logoutRefusedPage, signedOutPage } from '../../../../../src/interfaces/http/logout/logoutPages';
import { LOGOUT_TEXT, logoutLanguage } from '../../../../../src/interfaces/http/logout/logoutText';

const ROOT = join(__dirname, '../../../../..');
const KEY = Buffer.alloc(32, 7).toString('base64url');

describe('logout pages (RP-Initiated Logout: confirmation, signed out, refused)', () => {
  const model = {
    service: 'id.example',
    clientId: 'web<app>',
    fields: { client_id: 'web<app>', post_logout_redirect_uri: 'https://app.example/bye?a=1&b="2"', state: 's 1' },
    csrfToken: 'mac',
    action: '/auth/oauth/logout/confirm',
    expired: false,
    language: 'en' as const,
    staticBase: '/auth/static',
  };

  it('asks "Sign out of <service>?" with the asking client, posting the checked fields and the CSRF token, every value escaped', () => {
    const page = confirmPage(model);
    expect(page).to.include('<html lang="en">');
    expect(page).to.include('<p>Sign out of <strong>id.example</strong>?</p>');
    expect(page).to.include('The application <strong>web&#60;app&#62;</strong> asks to sign you out.');
    expect(page).to.include('<form method="post" action="/auth/oauth/logout/confirm">');
    expect(page).to.include('<input type="hidden" name="post_logout_redirect_uri" value="https://app.example/bye?a=1&#38;b=&#34;2&#34;">');
    expect(page).to.include('<input type="hidden" name="csrf_token" value="mac">');
    expect(page).to.include('<button type="submit">Sign out</button>');
    expect(page).not.to.include('role="alert"');
    expect(page).to.include('href="/auth/static/authorize.css"');
  });

  it("names the asking client by its registered name, escaped, when it has one", () => {
    expect(confirmPage({ ...model, clientName: 'Web & <App>' })).to.include('The application <strong>Web &#38; &#60;App&#62;</strong> asks to sign you out.');
    expect(confirmPage({ ...model, clientName: null })).to.include('<strong>web&#60;app&#62;</strong>');
  });

  it('without a client names none; expired says so; in Chinese too', () => {
    const page = confirmPage({ ...model, clientId: null, fields: {}, expired: true, language: 'zh' });
    expect(page).to.include('<html lang="zh-CN">');
    expect(page).to.include('<p>是否退出 <strong>id.example</strong> 的登录</p>');
    expect(page).not.to.include('class="client"');
    expect(page).to.include('<p class="error" role="alert">页面已过期，请重新确认</p>');
    expect(page.match(/type="hidden"/g)).to.have.length(1);
  });

  it('renders the signed-out and the refusal page in either language, the reason escaped', () => {
    expect(signedOutPage('en', '/auth/static', null)).to.include('<h1>Signed out</h1>').and.not.include('class="client"');
    expect(signedOutPage('zh', '/auth/static', null)).to.include('<h1>已退出登录</h1>');
    // The app that asked, by its registered name, escaped.
    expect(signedOutPage('en', '/auth/static', 'Orders <App>')).to.include('<p class="client">The application <strong>Orders &#60;App&#62;</strong> asked to sign you out.</p>');
    expect(signedOutPage('zh', '/auth/static', 'Orders')).to.include('<p class="client">应用 <strong>Orders</strong> 已请求退出登录。</p>');
    const refused = logoutRefusedPage('client_id <x> does not match', 'en', '/auth/static');
    expect(refused).to.include('<h1>Sign-out request refused</h1>');
    expect(refused).to.include('client_id &#60;x&#62; does not match');
    const zh = logoutRefusedPage('unknown client', 'zh', '/auth/static');
    expect(zh).to.include('<h1>无法退出登录</h1>');
    expect(zh).to.include('未知的应用：client_id 未注册。').and.not.include('unknown client');
  });

  it('picks the language from ui_locales first (the first en or zh tag), then Accept-Language, else English', () => {
    expect(logoutLanguage('fr-CA zh-TW en', 'en')).to.equal('zh');
    expect(logoutLanguage('EN-gb zh', 'zh-CN')).to.equal('en');
    expect(logoutLanguage('fr', 'zh-CN,en;q=0.5')).to.equal('zh');
    expect(logoutLanguage(undefined, 'zh')).to.equal('zh');
    expect(logoutLanguage(undefined, undefined)).to.equal('en');
  });

  it('uses only Chinese characters the bundled font was cut for (static/fonts/README.md), so no machine draws boxes', () => {
    const cut = new Set([...readFileSync(join(ROOT, 'static/i18n.js'), 'utf8'), ...readFileSync(join(ROOT, 'src/interfaces/http/messages.ts'), 'utf8'), ...'管理员']);
    const missing = [...new Set([...JSON.stringify(LOGOUT_TEXT.zh)].filter((c) => c.codePointAt(0)! > 0x2000 && !cut.has(c)))];
    expect(missing).to.deep.equal([]);
  });
});

describe('LogoutFormTokens (the confirmation\'s CSRF token)', () => {
  const tokens = new LogoutFormTokens(KEY);
  const fields = { client_id: 'webapp', post_logout_redirect_uri: 'https://app.example/bye', state: 's' };

  it('matches its own cookie and fields only', () => {
    const { cookie, field } = tokens.issue(fields);
    expect(cookie).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.matches(cookie, field, fields)).to.equal(true);
    expect(tokens.matches(cookie, field, { ...fields, post_logout_redirect_uri: 'https://evil.example/' })).to.equal(false);
    expect(tokens.matches(cookie, field, { ...fields, state: undefined })).to.equal(false);
    expect(tokens.matches(cookie, field, { ...fields, ui_locales: 'zh' })).to.equal(false);
    expect(tokens.matches(tokens.issue(fields).cookie, field, fields)).to.equal(false);
    expect(tokens.matches(undefined, field, fields)).to.equal(false);
    expect(tokens.matches(cookie, [field], fields)).to.equal(false);
    expect(tokens.matches(cookie, `${field}x`, fields)).to.equal(false);
    expect(new LogoutFormTokens(Buffer.alloc(32, 8).toString('base64url')).matches(cookie, field, fields)).to.equal(false);
  });

  it('refuses a key shorter than 256 bits', () => {
    expect(() => new LogoutFormTokens(Buffer.alloc(31).toString('base64url'))).to.throw('at least 32 bytes');
  });
});
