import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { passkeyAnswerOf, PASSKEY_SIGN_IN } from '../../../../../src/interfaces/http/authorize/passkeyAnswer';
import { passkeyForm } from '../../../../../src/interfaces/http/authorize/passkeyForm';
import { SignInFormTokens } from '../../../../../src/interfaces/http/authorize/signInFormTokens';
import { signInPage } from '../../../../../src/interfaces/http/authorize/signInPage';

const FIELDS = { response_type: 'code', client_id: 'webapp', redirect_uri: 'https://app.example/cb', state: 's"1', code_challenge: 'c', code_challenge_method: 'S256' };
const OPTIONS = { challenge: 'ch<1>', allowCredentials: [], userVerification: 'required' };

describe('the sign-in page\'s passkey form (a passkey alone)', () => {
  const form = (purpose: 'sign_in' | 'second_factor', language: 'en' | 'zh') =>
    passkeyForm({ purpose, fields: FIELDS, csrfToken: 'tok', ticket: 't-1', options: OPTIONS, language, staticBase: '/auth/static' });

  it('carries the page\'s ticket as passkey_ticket, the options escaped in a data attribute, the scripts from \'self\'', () => {
    const html = form('sign_in', 'en');
    expect(html).to.include('<input type="hidden" name="passkey_ticket" value="t-1">').and.not.include('factor_ticket');
    expect(html).to.include('<input type="hidden" name="csrf_token" value="tok">').and.include('<input type="hidden" name="passkey" value="">');
    expect(html).to.include(`data-options="{&#34;challenge&#34;:&#34;ch&#60;1&#62;&#34;,&#34;allowCredentials&#34;:[],&#34;userVerification&#34;:&#34;required&#34;}"`);
    expect(html).to.include('<p>Or, without a password:</p>').and.include('<button type="button" id="passkey-button">Sign in with a passkey</button>');
    expect(html).to.include('<script src="/auth/static/vendor/index.umd.min.js"></script>').and.include('<script src="/auth/static/passkey.js"></script>');
    expect(html).to.include('data-unsupported="This browser cannot use passkeys."');
    expect(form('sign_in', 'zh')).to.include('<p>或者不用密码：</p>').and.include('>使用通行密钥登录</button>').and.include('data-unsupported="此浏览器无法使用通行密钥。"');
  });

  it('keeps the second-factor page\'s form as it was: factor_ticket, "Use a passkey"', () => {
    expect(form('second_factor', 'en')).to.include('name="factor_ticket" value="t-1"').and.include('<p>Or use one of your passkeys.</p>').and.include('>Use a passkey</button>');
    expect(form('second_factor', 'zh')).to.include('<p>或者使用您的通行密钥。</p>').and.include('>使用通行密钥</button>');
  });

  it('follows the password form on the sign-in page, which shows a refused passkey\'s own message', () => {
    const model = { fields: FIELDS, csrfToken: 't', clientId: 'webapp', clientName: null, staticBase: '/auth/static' };
    const en = signInPage({ ...model, language: 'en', error: 'passkey' }, form('sign_in', 'en'));
    expect(en).to.include('<p class="error" role="alert">The passkey could not be verified. Try again, or sign in with your password.</p>');
    expect(en.indexOf('id="passkey-form"')).to.be.greaterThan(en.indexOf('name="password"'));
    expect(signInPage({ ...model, language: 'zh', error: 'passkey' })).to.include('通行密钥无法验证，请重试或使用密码登录。').and.not.include('passkey-form');
  });

  it('reads the posted assertion as JSON; nothing when absent, empty or not JSON', () => {
    expect(passkeyAnswerOf('{"id":"a"}')).to.deep.equal({ passkey: { id: 'a' } });
    expect(passkeyAnswerOf('null')).to.deep.equal({ passkey: null });
    for (const value of [undefined, '', '{', ['{}'], 3]) expect(passkeyAnswerOf(value)).to.deep.equal({});
  });

  it('binds its own CSRF token to the ticket: no other ticket and not the password form\'s token fit', () => {
    const tokens = new SignInFormTokens(randomBytes(32).toString('base64url'));
    const { cookie, field } = tokens.issue(FIELDS);
    const passkeyField = tokens.fieldFor(cookie, FIELDS, [PASSKEY_SIGN_IN, 't-1']);
    expect(tokens.matches(cookie, passkeyField, FIELDS, [PASSKEY_SIGN_IN, 't-1'])).to.equal(true);
    expect(tokens.matches(cookie, passkeyField, FIELDS, [PASSKEY_SIGN_IN, 't-2'])).to.equal(false);
    expect(tokens.matches(cookie, field, FIELDS, [PASSKEY_SIGN_IN, 't-1'])).to.equal(false);
    expect(tokens.matches(cookie, passkeyField, FIELDS)).to.equal(false);
    expect(tokens.matches(tokens.issue(FIELDS).cookie, passkeyField, FIELDS, [PASSKEY_SIGN_IN, 't-1'])).to.equal(false);
  });
});
