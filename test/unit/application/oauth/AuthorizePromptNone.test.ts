import { expect } from 'chai';
import type { AuthorizationRequest } from '../../../../src/application/oauth/authorization/AuthorizationRequest';
import { AuthorizationRequestError } from '../../../../src/domain/authorizationErrors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import { buildAuthorize } from '../../../support/buildAuthorize';
import { registeredClient } from '../../../support/oauthClients';

const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const OWN = registeredClient({ id: 'own', kind: 'confidential', redirectUris: ['https://own.example/cb'], firstParty: true, scopes: ['openid'] });
const THIRD = registeredClient({ id: 'third', kind: 'confidential', redirectUris: ['https://third.example/cb'], scopes: ['openid'] });
const OWN_REQUEST: AuthorizationRequest = { clientId: 'own', redirectUri: 'https://own.example/cb', codeChallenge: 'challenge-1', granted: NO_PARTICULAR_ACCESS, prompts: [] };
const THIRD_REQUEST: AuthorizationRequest = { ...OWN_REQUEST, clientId: 'third', redirectUri: 'https://third.example/cb', granted: { scopes: ['openid'], resources: [] } };
const CREDENTIALS = { username: 'alice', password: 'pw' };
const NONE = { prompts: ['none'] } as const;

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('Authorize: prompt=none, id_token_hint and codes without PKCE (decided in the use case, not by the router)', () => {
  it('prompt=none without a session is login_required, never the form', async () => {
    const { authorize } = buildAuthorize(USER);
    expect(await refusal(authorize.resume(OWN, { ...OWN_REQUEST, ...NONE }, undefined)))
      .to.be.instanceOf(AuthorizationRequestError)
      .and.deep.include({ error: 'login_required', description: 'the user must sign in' });
    expect(await authorize.resume(OWN, OWN_REQUEST, undefined)).to.deep.equal({ kind: 'login', reason: 'no_session' });
  });

  it('prompt=none with a session too old for max_age is login_required naming max_age', async () => {
    const { authorize, clock } = buildAuthorize(USER);
    const { sessionToken } = await authorize.signIn(OWN, OWN_REQUEST, CREDENTIALS, []);
    clock.advanceSeconds(10);
    expect(await refusal(authorize.resume(OWN, { ...OWN_REQUEST, ...NONE, maxAge: 5 }, sessionToken!))).to.deep.include({
      error: 'login_required',
      description: 'the sign-in is older than max_age',
    });
  });

  it('prompt=none where consent is missing is consent_required, after a sign-in too; without none the consent page', async () => {
    const { authorize } = buildAuthorize(USER);
    const { sessionToken } = await authorize.signIn(OWN, OWN_REQUEST, CREDENTIALS, []);
    expect(await refusal(authorize.resume(THIRD, { ...THIRD_REQUEST, ...NONE }, sessionToken!))).to.be.instanceOf(AuthorizationRequestError).and.deep.include({
      error: 'consent_required',
      description: 'the user must approve the request',
    });
    expect(await refusal(authorize.signIn(THIRD, { ...THIRD_REQUEST, ...NONE }, CREDENTIALS, []))).to.deep.include({ error: 'consent_required' });
    expect(await authorize.resume(THIRD, THIRD_REQUEST, sessionToken!)).to.deep.include({ kind: 'consent', reason: 'not_approved' });
  });

  it('id_token_hint naming the signed-in user answers at once; naming another asks for the form, or login_required under prompt=none', async () => {
    const { authorize } = buildAuthorize(USER);
    const { sessionToken } = await authorize.signIn(OWN, OWN_REQUEST, CREDENTIALS, []);
    expect(await authorize.resume(OWN, { ...OWN_REQUEST, ...NONE, idTokenHintSubject: '7' }, sessionToken!)).to.include({ kind: 'code' });
    expect(await authorize.resume(OWN, { ...OWN_REQUEST, idTokenHintSubject: '8' }, sessionToken!)).to.deep.equal({ kind: 'login', reason: 'id_token_hint' });
    expect(await refusal(authorize.resume(OWN, { ...OWN_REQUEST, ...NONE, idTokenHintSubject: '8' }, sessionToken!))).to.deep.include({
      error: 'login_required',
      description: 'the signed-in user is not the id_token_hint subject',
    });
  });

  it('saves a code asked for without PKCE with no challenge at all', async () => {
    const { authorize, codes } = buildAuthorize(USER);
    const { codeChallenge: _left, ...withoutPkce } = OWN_REQUEST;
    const { next } = await authorize.signIn(OWN, { ...withoutPkce, nonce: 'n-1' }, CREDENTIALS, []);
    if (next.kind !== 'code') throw new Error('expected a code');
    const grant = codes.codes.get(next.code)?.grant;
    expect(grant).to.include({ nonce: 'n-1', clientId: 'own' });
    expect(grant).not.to.have.property('codeChallenge');
  });
});
