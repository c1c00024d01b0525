import { expect } from 'chai';
import { CheckAuthorizationRequest } from '../../../../../src/application/oauth/authorization/CheckAuthorizationRequest';
import { checkPushedRequest } from '../../../../../src/application/oauth/authorization/checkPushedRequest';
import { PushAuthorizationRequest } from '../../../../../src/application/oauth/authorization/PushAuthorizationRequest';
import { UsePushedRequest } from '../../../../../src/application/oauth/authorization/UsePushedRequest';
import { AuthorizationRequestError, InvalidRequestUriError } from '../../../../../src/domain/authorizationErrors';
import { UntrustedRedirectError } from '../../../../../src/domain/grantErrors';
import { isPushedRequestUri, PUSHED_REQUEST_SECONDS } from '../../../../../src/domain/model/PushedAuthorizationRequest';
import { CHALLENGE, checkContext, checkRefusal, runCheck, SPA_CLIENT, WEB_CLIENT } from '../../../../support/authorizationChecks';
import { FakeIdTokenHints } from '../../../../support/FakeIdTokenHints';
import { FixedClock } from '../../../../support/FixedClock';
import { InMemoryOAuthClientStore } from '../../../../support/InMemoryOAuthClientStore';
import { InMemoryPushedRequestStore } from '../../../../support/InMemoryPushedRequestStore';
import { authenticatedClient } from '../../../../support/oauthClients';
import { SequenceSecretGenerator } from '../../../../support/SequenceSecretGenerator';

const NOW = Date.parse('2026-01-01T00:00:00Z') / 1000;
const PKCE = { response_type: 'code', code_challenge: CHALLENGE, code_challenge_method: 'S256' } as const;

describe('checkPushedRequest (RFC 9126 §6: PAR required)', () => {
  it('lets front-channel requests through unless the client or the service requires PAR', () => {
    expect(() => runCheck(checkPushedRequest, checkContext({}))).not.to.throw();
    expect(() => runCheck(checkPushedRequest, checkContext({}, { client: { ...WEB_CLIENT, requirePar: false } }))).not.to.throw();
  });

  it('refuses a front-channel request of a --require-par client, and of any client under AUTH_REQUIRE_PAR=all, with invalid_request', () => {
    for (const overrides of [{ client: { ...WEB_CLIENT, requirePar: true } }, { par: 'all' as const }]) {
      const error = checkRefusal(checkPushedRequest, checkContext({}, overrides));
      expect(error).to.be.instanceOf(AuthorizationRequestError);
      expect(error).to.include({ error: 'invalid_request', description: 'this client must push its authorization requests first (PAR: pushed_authorization_request_endpoint)' });
    }
  });

  it('always lets a pushed request through', () => {
    expect(() => runCheck(checkPushedRequest, checkContext({}, { client: { ...WEB_CLIENT, requirePar: true }, par: 'all', pushed: true }))).not.to.throw();
  });
});

describe('PushAuthorizationRequest and UsePushedRequest (RFC 9126)', () => {
  let clock: FixedClock;
  let store: InMemoryPushedRequestStore;
  let push: PushAuthorizationRequest;
  let use: UsePushedRequest;
  const web = authenticatedClient('web', true);
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  beforeEach(() => {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    store = new InMemoryPushedRequestStore();
    const check = new CheckAuthorizationRequest(new InMemoryOAuthClientStore([{ client: { ...WEB_CLIENT, requirePar: true } }, { client: SPA_CLIENT }]), new FakeIdTokenHints(), 'default', 'default');
    push = new PushAuthorizationRequest(check, store, new SequenceSecretGenerator('r'), clock);
    use = new UsePushedRequest(store, clock);
  });

  it('checks the request as the authorization endpoint would, stores it 60 s under a fresh request_uri, and purges expired ones', async () => {
    const result = await push.execute({ client: web, parameters: { ...PKCE, scope: 'openid', state: 's-1' } });
    expect(result).to.deep.equal({ requestUri: 'urn:ietf:params:oauth:request_uri:r-1', expiresIn: 60 });
    expect(isPushedRequestUri(result.requestUri)).to.equal(true);
    expect(store.requests.get(result.requestUri)).to.deep.equal({
      requestUri: result.requestUri,
      clientId: 'web',
      parameters: { ...PKCE, scope: 'openid', state: 's-1', client_id: 'web' },
      expiresAt: NOW + PUSHED_REQUEST_SECONDS,
    });
    expect(store.purgedAt).to.deep.equal([NOW]);
  });

  it('refuses a pushed request_uri, another client_id, an unregistered redirect URI, and what the checks refuse; nothing is stored', async () => {
    expect(await refusal(push.execute({ client: web, parameters: { ...PKCE, request_uri: 'urn:x' } }))).to.include({ error: 'invalid_request', description: 'request_uri may not be pushed' });
    expect(await refusal(push.execute({ client: web, parameters: { ...PKCE, client_id: 'spa' } }))).to.include({ error: 'invalid_request', description: 'client_id differs from the authenticated client' });
    expect(await refusal(push.execute({ client: web, parameters: { ...PKCE, redirect_uri: 'https://evil.example/cb' } }))).to.be.instanceOf(UntrustedRedirectError);
    expect(await refusal(push.execute({ client: web, parameters: { ...PKCE, request: 'eyJ' } }))).to.include({ error: 'request_not_supported' });
    expect(await refusal(push.execute({ client: web, parameters: { response_type: 'token' } }))).to.include({ error: 'unsupported_response_type' });
    expect(store.requests.size).to.equal(0);
  });

  it('a public client pushes too (it named itself by client_id)', async () => {
    const result = await push.execute({ client: authenticatedClient('spa', false), parameters: { ...PKCE, client_id: 'spa' } });
    expect(store.requests.get(result.requestUri)?.clientId).to.equal('spa');
  });

  it('uses a pushed request once, by its own client, within 60 s: its parameters only', async () => {
    const { requestUri } = await push.execute({ client: web, parameters: { ...PKCE, state: 'pushed' } });
    clock.advanceSeconds(59);
    expect(await refusal(use.execute({ clientId: 'spa', requestUri }))).to.be.instanceOf(InvalidRequestUriError);
    const taken = store.takes.length;
    expect(await refusal(use.execute({ clientId: undefined, requestUri }))).to.be.instanceOf(InvalidRequestUriError);
    expect(store.takes, 'without a client_id the store is not asked').to.have.length(taken);
    expect(await use.execute({ clientId: 'web', requestUri })).to.deep.equal({ ...PKCE, state: 'pushed', client_id: 'web' });
    const again = await refusal(use.execute({ clientId: 'web', requestUri }));
    expect(again).to.be.instanceOf(InvalidRequestUriError);
    expect(again).to.include({ code: 'INVALID_REQUEST_URI', message: "invalid_request_uri: the request_uri is unknown, expired, already used or not this client's" });
  });

  it('refuses an expired pushed request, and one never pushed', async () => {
    const { requestUri } = await push.execute({ client: web, parameters: PKCE });
    clock.advanceSeconds(60);
    expect(await refusal(use.execute({ clientId: 'web', requestUri }))).to.be.instanceOf(InvalidRequestUriError);
    expect(await refusal(use.execute({ clientId: 'web', requestUri: 'urn:ietf:params:oauth:request_uri:never' }))).to.be.instanceOf(InvalidRequestUriError);
  });
});
