import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { errorPage, signInPage } from '../../../../../src/interfaces/http/authorize/signInPage';
import { FORM_TEXT, formLanguage } from '../../../../../src/interfaces/http/authorize/signInFormText';

const ROOT = join(__dirname, '../../../../..');
const FIELDS = { response_type: 'code', client_id: 'web<app>', redirect_uri: 'https://app.example/cb', state: 's"1', code_challenge: 'c', code_challenge_method: 'S256' };
const page = (language: 'en' | 'zh', error?: 'expired' | 'invalid' | 'busy') =>
  signInPage({ fields: FIELDS, csrfToken: 't', clientId: FIELDS.client_id, clientName: null, username: 'al&ce', error, staticBase: '/auth/static', language });

describe('the authorization endpoint pages in English and Chinese', () => {
  it('picks the language from Accept-Language: the higher weight of en and zh, the earlier on a tie, English by default', () => {
    expect(formLanguage(undefined)).to.equal('en');
    expect(formLanguage('')).to.equal('en');
    expect(formLanguage('fr-FR, de')).to.equal('en');
    expect(formLanguage('zh-CN,zh;q=0.9,en;q=0.8')).to.equal('zh');
    expect(formLanguage('en-US,en;q=0.9,zh-CN;q=0.8')).to.equal('en');
    expect(formLanguage('fr, zh-TW;q=0.5')).to.equal('zh');
    expect(formLanguage('en;q=0.2, ZH;q=0.7')).to.equal('zh');
    expect(formLanguage('zh;q=0, en;q=0.1')).to.equal('en');
    expect(formLanguage('zh;q=0.5, en;q=0.5')).to.equal('zh');
    expect(formLanguage('en, zh')).to.equal('en');
  });

  it("names the app by its registered name, escaped, when it has one (else by its id)", () => {
    const named = (language: 'en' | 'zh') => signInPage({ fields: FIELDS, csrfToken: 't', clientId: FIELDS.client_id, clientName: 'Orders & <Co>', staticBase: '/auth/static', language });
    expect(named('en')).to.include('<p class="client">to continue to <strong>Orders &#38; &#60;Co&#62;</strong></p>').and.not.include('web&#60;app&#62;</strong>');
    expect(named('zh')).to.include('<strong>Orders &#38; &#60;Co&#62;</strong>');
  });

  it('renders the form in English: labels, the client, each error, every value escaped', () => {
    const html = page('en', 'invalid');
    expect(html).to.include('<html lang="en">');
    expect(html).to.include('<title>Sign in</title>');
    expect(html).to.include('<p class="client">to continue to <strong>web&#60;app&#62;</strong></p>');
    expect(html).to.include('<label for="username">Username</label>');
    expect(html).to.include('<label for="password">Password</label>');
    expect(html).to.include('<button type="submit">Sign in</button>');
    expect(html).to.include('<p class="error" role="alert">Invalid username or password.</p>');
    expect(html).to.include('value="al&#38;ce"');
    expect(html).to.include('<input type="hidden" name="state" value="s&#34;1">');
    expect(page('en', 'expired')).to.include('The sign-in form expired. Please sign in again.');
    expect(page('en', 'busy')).to.include('Too many sign-in attempts or the service is busy. Please try again later.');
    expect(page('en')).not.to.include('class="error"');
  });

  it('renders the form in Chinese', () => {
    const html = page('zh', 'invalid');
    expect(html).to.include('<html lang="zh-CN">');
    expect(html).to.include('<title>登录</title>');
    expect(html).to.include('<p class="client">应用 <strong>web&#60;app&#62;</strong> 请求您登录</p>');
    expect(html).to.include('<label for="username">账号</label>');
    expect(html).to.include('<label for="password">密码</label>');
    expect(html).to.include('<button type="submit">登录</button>');
    expect(html).to.include('<p class="error" role="alert">用户名或密码错误</p>');
    expect(page('zh', 'expired')).to.include('页面已过期，请重新登录');
    expect(page('zh', 'busy')).to.include('登录尝试过于频繁，请稍后再试');
  });

  it('renders the refusal page in either language, the reason escaped', () => {
    const en = errorPage('redirect_uri <x> is not registered', '/auth/static', 'en');
    expect(en).to.include('<html lang="en">');
    expect(en).to.include('<h1>Sign-in request refused</h1>');
    expect(en).to.include('redirect_uri &#60;x&#62; is not registered');
    const zh = errorPage('redirect_uri is not registered for this client', '/auth/static', 'zh');
    expect(zh).to.include('<html lang="zh-CN">');
    expect(zh).to.include('<h1>无法登录</h1>');
    expect(zh).to.include('此登录请求无法完成，请返回应用重试。');
    // The detail in Chinese too, never the English message.
    expect(zh).to.include('该 redirect_uri 未为此应用注册。').and.not.include('is not registered');
  });

  it('uses only Chinese characters the bundled font was cut for (static/fonts/README.md), so no machine draws boxes', () => {
    // The texts the font was cut from, as static/fonts/README.md lists them (this page's own words aside).
    const sources = ['static/i18n.js', 'src/interfaces/http/messages.ts', 'src/interfaces/http/authorize/consentText.ts', 'src/interfaces/http/refusalText.ts', 'src/interfaces/http/authorize/secondFactorText.ts', 'src/interfaces/http/authorize/passkeyForm.ts'];
    const cut = new Set([...sources.flatMap((file) => [...readFileSync(join(ROOT, file), 'utf8')]), ...'管理员']);
    const words = JSON.stringify(FORM_TEXT.zh);
    const missing = [...new Set([...words].filter((c) => c.codePointAt(0)! > 0x2000 && !cut.has(c)))];
    expect(missing).to.deep.equal([]);
  });
});
