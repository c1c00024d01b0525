import { expect } from 'chai';
import { loginReason } from '../../../../src/application/oauth/prompts/loginPrompt';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import { STUB_USER } from '../../../../src/infrastructure/auth/StubUserAuthenticator';

const NOW = 1_800_000_000;
const REQUEST = { clientId: 'web', redirectUri: 'https://web.example/cb', codeChallenge: 'c', granted: NO_PARTICULAR_ACCESS };
const session = (authTime: number) => ({ user: STUB_USER, authTime, expiresAt: NOW + 60 });

describe('loginReason (when a live session does not answer the request)', () => {
  it('lets the session answer without prompt or max_age, and with prompt none or consent', () => {
    expect(loginReason({ request: REQUEST, session: session(NOW - 100), now: NOW })).to.equal(null);
    expect(loginReason({ request: { ...REQUEST, prompts: ['none'] }, session: session(NOW - 100), now: NOW })).to.equal(null);
    expect(loginReason({ request: { ...REQUEST, prompts: ['consent'] }, session: session(NOW - 100), now: NOW })).to.equal(null);
  });

  it('asks for the form on prompt=login or select_account', () => {
    expect(loginReason({ request: { ...REQUEST, prompts: ['login'] }, session: session(NOW), now: NOW })).to.equal('login_prompted');
    expect(loginReason({ request: { ...REQUEST, prompts: ['consent', 'select_account'] }, session: session(NOW), now: NOW })).to.equal('login_prompted');
  });

  it('max_age: a sign-in exactly max_age old counts, one a second older does not; max_age=0 never counts', () => {
    expect(loginReason({ request: { ...REQUEST, maxAge: 100 }, session: session(NOW - 100), now: NOW })).to.equal(null);
    expect(loginReason({ request: { ...REQUEST, maxAge: 100 }, session: session(NOW - 101), now: NOW })).to.equal('max_age');
    expect(loginReason({ request: { ...REQUEST, maxAge: 0 }, session: session(NOW), now: NOW })).to.equal('max_age');
    expect(loginReason({ request: { ...REQUEST, maxAge: 1 }, session: session(NOW), now: NOW })).to.equal(null);
  });
});
