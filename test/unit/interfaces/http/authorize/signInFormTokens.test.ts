import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { SignInFormTokens } from '../../../../../src/interfaces/http/authorize/signInFormTokens';
import type { AuthorizationFields } from '../../../../../src/interfaces/http/authorize/signInPage';

const KEY = randomBytes(32).toString('base64url');
const FIELDS: AuthorizationFields = {
  response_type: 'code',
  client_id: 'webapp',
  redirect_uri: 'https://app.example.com/callback',
  state: 's-1',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
  scope: 'openid',
};

describe('SignInFormTokens (the sign-in form CSRF token: a nonce cookie, its HMAC in the field)', () => {
  it('accepts the field it issued with its cookie and request, on any instance holding the same key', () => {
    const { cookie, field } = new SignInFormTokens(KEY).issue(FIELDS);
    expect(cookie).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(field).to.match(/^[A-Za-z0-9_-]{43}$/).and.not.to.equal(cookie);
    expect(new SignInFormTokens(KEY).matches(cookie, field, FIELDS)).to.equal(true);
  });

  it('refuses under another key, with another cookie, and for a request differing in any bound field', () => {
    const tokens = new SignInFormTokens(KEY);
    const { cookie, field } = tokens.issue(FIELDS);
    expect(new SignInFormTokens(randomBytes(32).toString('base64url')).matches(cookie, field, FIELDS)).to.equal(false);
    expect(tokens.matches(tokens.issue(FIELDS).cookie, field, FIELDS)).to.equal(false);
    const changes: Array<Partial<AuthorizationFields>> = [
      { client_id: 'other' },
      { redirect_uri: 'https://app.example.com/other' },
      { state: 's-2' },
      { state: undefined },
      { code_challenge: 'x'.repeat(43) },
      { scope: undefined },
      { prompt: 'consent' },
      { ui_locales: 'zh' },
      { nonce: 'n' },
      { max_age: '0' },
      { resource: 'https://orders.example' },
    ];
    for (const change of changes) expect(tokens.matches(cookie, field, { ...FIELDS, ...change }), JSON.stringify(change)).to.equal(false);
  });

  it("binds what the consent page adds: a sign-in form's token fits no consent page, and no ticket fits another's token", () => {
    const tokens = new SignInFormTokens(KEY);
    const signIn = tokens.issue(FIELDS);
    expect(tokens.matches(signIn.cookie, signIn.field, FIELDS, ['consent', 'ticket-1'])).to.equal(false);
    const consent = tokens.issue(FIELDS, ['consent', 'ticket-1']);
    expect(tokens.matches(consent.cookie, consent.field, FIELDS, ['consent', 'ticket-1'])).to.equal(true);
    expect(tokens.matches(consent.cookie, consent.field, FIELDS, ['consent', 'ticket-2'])).to.equal(false);
    expect(tokens.matches(consent.cookie, consent.field, FIELDS)).to.equal(false);
  });

  it('answers false, never throws, for a missing cookie or a field that is not 43 base64url characters', () => {
    const tokens = new SignInFormTokens(KEY);
    const { cookie, field } = tokens.issue(FIELDS);
    expect(tokens.matches(undefined, field, FIELDS)).to.equal(false);
    for (const wrong of [undefined, ['a'], '', field.slice(1), `${field}A`, `${field.slice(1)}é`, `${field.slice(2)}€`, cookie]) {
      expect(tokens.matches(cookie, wrong, FIELDS), JSON.stringify(wrong)).to.equal(false);
    }
  });

  it('refuses a key shorter than 256 bits', () => {
    expect(() => new SignInFormTokens(randomBytes(31).toString('base64url'))).to.throw('at least 32 bytes');
  });
});
