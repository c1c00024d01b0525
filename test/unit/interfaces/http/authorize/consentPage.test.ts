import { expect } from 'chai';
import { consentPage, type ConsentPageModel } from '../../../../../src/interfaces/http/authorize/consentPage';
import { CONSENT_TEXT } from '../../../../../src/interfaces/http/authorize/consentText';
import { pageLanguage } from '../../../../../src/interfaces/http/authorize/signInFormText';

const FIELDS = { response_type: 'code', client_id: 'web<app>', redirect_uri: 'https://app.example/cb', state: 's"1', code_challenge: 'c', code_challenge_method: 'S256', scope: 'openid orders:read' };
const NO_APP = { name: null, policyUri: null, tosUri: null };
const page = (language: 'en' | 'zh', scopes: readonly string[], app: ConsentPageModel['app'] = NO_APP) =>
  consentPage({ fields: FIELDS, csrfToken: 't', ticket: 'tk', clientId: FIELDS.client_id, app, account: 'al&ce', scopes, language, staticBase: '/auth/static' });

describe('the consent page', () => {
  it('names the app and the account, describes the OpenID Connect scopes, shows others by name, everything escaped', () => {
    const html = page('en', ['openid', 'profile', 'email', 'phone', 'offline_access', 'orders:<read>', 'constructor']);
    expect(html).to.include('<html lang="en">');
    expect(html).to.include('<title>Allow access</title>');
    expect(html).to.include('<p class="client">The application <strong>web&#60;app&#62;</strong> asks for:</p>');
    expect(html).to.include('<li>Knowing who you are (your user id)</li>');
    expect(html).to.include('<li>Your name, nickname, picture, account name, user id and user type</li>');
    expect(html).to.include('<li>Your email address</li>');
    expect(html).to.include('<li>Your phone number</li>');
    expect(html).to.include('<li>Staying signed in to the app (a refresh token)</li>');
    expect(html).to.include('<li>Access: <code>orders:&#60;read&#62;</code></li>');
    // A scope named like an Object.prototype member is just a name.
    expect(html).to.include('<li>Access: <code>constructor</code></li>');
    expect(html).to.include('<p class="account">Signed in as <strong>al&#38;ce</strong></p>');
    expect(html).to.include('<input type="hidden" name="state" value="s&#34;1">');
    expect(html).to.include('<input type="hidden" name="csrf_token" value="t">');
    expect(html).to.include('<input type="hidden" name="consent_ticket" value="tk">');
    expect(html).to.include('<button type="submit" name="consent" value="approve">Allow</button>');
    expect(html).to.include('<button type="submit" name="consent" value="deny" class="secondary">Deny</button>');
  });

  it("names the app by its registered name and links its privacy policy and terms, escaped; no links when none is registered", () => {
    const app = { name: 'Orders & <Co>', policyUri: 'https://orders.example/privacy?a=1&b="2"', tosUri: 'https://orders.example/terms' };
    const html = page('en', ['openid'], app);
    expect(html).to.include('<p class="client">The application <strong>Orders &#38; &#60;Co&#62;</strong> asks for:</p>');
    expect(html).to.include(
      '<p class="app-links"><a href="https://orders.example/privacy?a=1&#38;b=&#34;2&#34;" target="_blank" rel="noopener noreferrer">Privacy policy</a> · ' +
        '<a href="https://orders.example/terms" target="_blank" rel="noopener noreferrer">Terms of service</a></p>',
    );
    expect(page('zh', ['openid'], { ...app, policyUri: null })).to.include('<p class="app-links"><a href="https://orders.example/terms" target="_blank" rel="noopener noreferrer">服务条款</a></p>');
    expect(page('zh', ['openid'], { ...app, tosUri: null })).to.include('>隐私政策</a></p>');
    expect(page('en', ['openid'])).not.to.include('app-links');
  });

  it('says what an app asking for no scope gets', () => {
    expect(page('en', [])).to.include(`<li>${CONSENT_TEXT.en.noScopes}</li>`);
    expect(page('zh', [])).to.include(`<li>${CONSENT_TEXT.zh.noScopes}</li>`);
  });

  it('speaks Chinese', () => {
    const html = page('zh', ['openid', 'profile', 'email', 'phone', 'offline_access', 'x']);
    expect(html).to.include('<html lang="zh-CN">');
    expect(html).to.include('<title>授权访问</title>');
    expect(html).to.include('<p class="client">应用 <strong>web&#60;app&#62;</strong> 请求获取：</p>');
    expect(html).to.include('<li>确认您的身份（用户编号）</li>');
    expect(html).to.include('<li>您的姓名、昵称、头像、账号名、用户编号和用户类型</li>');
    expect(html).to.include('<li>您的电子邮件地址</li>');
    expect(html).to.include('<li>您的电话号码</li>');
    expect(html).to.include('<li>让应用保持您的登录（刷新令牌）</li>');
    expect(html).to.include('<li>权限：<code>x</code></li>');
    expect(html).to.include('当前账号：<strong>al&#38;ce</strong>');
    expect(html).to.include('>允许</button>');
    expect(html).to.include('>拒绝</button>');
  });

  it('describes the same scopes in both languages', () => {
    expect(Object.keys(CONSENT_TEXT.zh.scopes)).to.deep.equal(Object.keys(CONSENT_TEXT.en.scopes));
    expect(Object.keys(CONSENT_TEXT.en.scopes)).to.deep.equal(['openid', 'profile', 'email', 'phone', 'offline_access']);
  });
});

describe('pageLanguage (ui_locales, then Accept-Language)', () => {
  it('takes the first of en and zh in ui_locales, by primary subtag, whatever the case', () => {
    expect(pageLanguage('zh-CN en', 'en')).to.equal('zh');
    expect(pageLanguage('fr-CA EN-gb zh', 'zh')).to.equal('en');
    expect(pageLanguage('zh-Hant-TW', undefined)).to.equal('zh');
    expect(pageLanguage('ZH', undefined)).to.equal('zh');
  });

  it('falls back to Accept-Language when ui_locales names neither or is absent', () => {
    expect(pageLanguage('fr de', 'zh-CN,zh;q=0.9')).to.equal('zh');
    expect(pageLanguage(undefined, 'zh')).to.equal('zh');
    expect(pageLanguage('', undefined)).to.equal('en');
    expect(pageLanguage('zhx en-US', undefined)).to.equal('en');
  });
});
