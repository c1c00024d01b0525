import { expect } from 'chai';
import { loginReason, loginRequired } from '../../../../src/application/oauth/prompts/loginPrompt';
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

  it('id_token_hint: a hint naming the session\'s user lets it answer; one naming another user asks for the form', () => {
    expect(loginReason({ request: { ...REQUEST, idTokenHintSubject: STUB_USER.id }, session: session(NOW), now: NOW })).to.equal(null);
    expect(loginReason({ request: { ...REQUEST, idTokenHintSubject: `${STUB_USER.id}0` }, session: session(NOW), now: NOW })).to.equal('id_token_hint');
    // Order: a prompt=login is named before the hint.
    expect(loginReason({ request: { ...REQUEST, prompts: ['login'], idTokenHintSubject: 'other' }, session: session(NOW), now: NOW })).to.equal('login_prompted');
  });

  it('loginRequired: login_required under prompt=none, saying why for each reason', () => {
    expect(loginRequired('no_session')).to.deep.include({ code: 'AUTHORIZATION_REQUEST_REFUSED', error: 'login_required', description: 'the user must sign in' });
    expect(loginRequired('login_prompted')).to.deep.include({ error: 'login_required', description: 'the user must sign in again' });
    expect(loginRequired('max_age')).to.deep.include({ error: 'login_required', description: 'the sign-in is older than max_age' });
    expect(loginRequired('id_token_hint')).to.deep.include({ error: 'login_required', description: 'the signed-in user is not the id_token_hint subject' });
  });
});
