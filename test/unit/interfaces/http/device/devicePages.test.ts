import { expect } from 'chai';
import { DEVICE_CODE_GRANT } from '../../../../../src/domain/model/DeviceAuthorization';
import { deviceApprovePage, deviceCodePage, deviceDonePage, deviceFactorPage, deviceSignInPage } from '../../../../../src/interfaces/http/device/devicePages';
import { DEVICE_TEXT } from '../../../../../src/interfaces/http/device/deviceText';
import { registeredClient } from '../../../../support/oauthClients';

const BASE = { language: 'en' as const, staticBase: '/auth/static', csrfToken: 'mac<>', action: '/auth/oauth/device' };
const HOSTILE = registeredClient({ id: 'tv"><script>', kind: 'public', redirectUris: [], grants: [DEVICE_CODE_GRANT], name: '<b>TV</b>' });

describe('the device pages (RFC 8628 §3.3), rendered on the server', () => {
  it('the code form: the code filled in and escaped, the step and CSRF token hidden, posting to the page', () => {
    const html = deviceCodePage(BASE, 'BCDF-"GHJK');
    expect(html).to.include('action="/auth/oauth/device"').and.include('name="step" value="code"').and.include('name="csrf_token" value="mac&#60;&#62;"');
    expect(html).to.include('value="BCDF-&#34;GHJK"').and.not.include('<script');
    expect(deviceCodePage(BASE, '', 'unknown')).to.include('role="alert"').and.include(DEVICE_TEXT.en.errors.unknown);
    expect(deviceCodePage(BASE, '')).not.to.include('role="alert"');
  });

  it('the sign-in form names the app (escaped) and carries the code', () => {
    const html = deviceSignInPage(BASE, HOSTILE, 'BCDFGHJK', 'al"ice', 'invalid');
    expect(html).to.include('&#60;b&#62;TV&#60;/b&#62;').and.include('name="step" value="signin"').and.include('name="user_code" value="BCDFGHJK"');
    expect(html).to.include('value="al&#34;ice"').and.include('name="password"').and.include('Invalid username or password.');
    expect(deviceSignInPage(BASE, { ...HOSTILE, name: null }, 'BCDFGHJK')).to.include('tv&#34;&#62;&#60;script&#62;');
  });

  it('the second-factor form carries the ticket; a refusal says why', () => {
    const html = deviceFactorPage(BASE, 'BCDFGHJK', 'ticket-1', 'alice', 'wrong');
    expect(html).to.include('name="step" value="factor"').and.include('name="ticket" value="ticket-1"').and.include('name="otp"').and.include('role="alert"');
    expect(deviceFactorPage(BASE, 'BCDFGHJK', 'ticket-1', 'alice')).not.to.include('role="alert"');
  });

  it('the approval names the app, the scopes in words, the code as XXXX-XXXX and the account; two buttons', () => {
    const html = deviceApprovePage(BASE, HOSTILE, { scopes: ['openid', 'orders:read'], resources: [] }, 'BCDFGHJK', 'ticket-2', 'al<ice');
    expect(html).to.include('&#60;b&#62;TV&#60;/b&#62;').and.include('Knowing who you are').and.include('<code>orders:read</code>');
    expect(html).to.include('BCDF-GHJK').and.include('al&#60;ice').and.include('name="step" value="decide"').and.include('name="ticket" value="ticket-2"');
    expect(html).to.include('name="decision" value="approve"').and.include('name="decision" value="deny"');
    expect(deviceApprovePage(BASE, HOSTILE, { scopes: [], resources: [] }, 'BCDFGHJK', 't', 'a')).to.include('Signing you in with your account, nothing more');
  });

  it('the end pages, in both languages', () => {
    expect(deviceDonePage(BASE, 'approved')).to.include(DEVICE_TEXT.en.approvedHint);
    expect(deviceDonePage(BASE, 'denied')).to.include(DEVICE_TEXT.en.deniedHint);
    expect(deviceDonePage({ ...BASE, language: 'zh' }, 'enrol')).to.include(DEVICE_TEXT.zh.enrolHint).and.include('lang="zh-CN"');
  });

  it('says the same things in both languages', () => {
    expect(Object.keys(DEVICE_TEXT.zh)).to.deep.equal(Object.keys(DEVICE_TEXT.en));
    expect(Object.keys(DEVICE_TEXT.zh.errors)).to.deep.equal(Object.keys(DEVICE_TEXT.en.errors));
  });
});
