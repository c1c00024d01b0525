import { expect } from 'chai';
import { CheckAuthorizationRequest } from '../../../../../src/application/oauth/authorization/CheckAuthorizationRequest';
import { UntrustedRedirectError } from '../../../../../src/domain/grantErrors';
import { FakeIdTokenHints } from '../../../../support/FakeIdTokenHints';
import { InMemoryOAuthClientStore } from '../../../../support/InMemoryOAuthClientStore';
import { registeredClient } from '../../../../support/oauthClients';

const SPA = registeredClient({ id: 'spa', kind: 'public', redirectUris: ['https://app.example/callback'], firstParty: true });
const NATIVE = registeredClient({ id: 'native', kind: 'public', redirectUris: ['http://127.0.0.1:8400/cb', 'com.example.app:/oauth'] });

describe('CheckAuthorizationRequest.trustedRedirect (RFC 6749 §4.1.2.1: where an answer may go at all)', () => {
  const check = new CheckAuthorizationRequest(new InMemoryOAuthClientStore([{ client: SPA }, { client: NATIVE }]), new FakeIdTokenHints(), 'default', 'default');
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  it('answers the registered client and the redirect URI when it matches a registered one exactly', async () => {
    expect(await check.trustedRedirect('spa', 'https://app.example/callback')).to.deep.equal({ client: SPA, redirectUri: 'https://app.example/callback' });
    expect(await check.trustedRedirect('native', 'com.example.app:/oauth')).to.deep.equal({ client: NATIVE, redirectUri: 'com.example.app:/oauth' });
  });

  it('refuses an unknown or missing client: nothing may be sent anywhere', async () => {
    for (const clientId of ['nobody', undefined]) {
      const error = await refusal(check.trustedRedirect(clientId, 'https://app.example/callback'));
      expect(error).to.be.instanceOf(UntrustedRedirectError);
      expect(error).to.include({ code: 'UNTRUSTED_REDIRECT', message: 'unknown client' });
    }
  });

  it('refuses every URI that is not exactly a registered one (no prefix, case, slash, query, port or fragment leeway)', async () => {
    const near = [
      'https://app.example/callback/',
      'https://app.example/callback?next=https://attacker.example',
      'https://app.example/callback#x',
      'https://APP.example/callback',
      'https://app.example/Callback',
      'https://app.example/callbackx',
      'https://app.example/',
      'https://app.example.attacker.example/callback',
      'http://app.example/callback',
      'https://app.example:443/callback',
      '',
    ];
    for (const uri of near) {
      const error = await refusal(check.trustedRedirect('spa', uri));
      expect(error, uri).to.be.instanceOf(UntrustedRedirectError);
      expect(error, uri).to.include({ message: 'redirect_uri is not registered for this client' });
    }
  });

  it('matches a loopback redirect URI with its port exactly, and never lends one client the URIs of another', async () => {
    for (const [clientId, uri] of [['native', 'http://127.0.0.1:8401/cb'], ['native', 'http://localhost:8400/cb'], ['native', 'http://127.0.0.1/cb'], ['spa', 'com.example.app:/oauth']]) {
      expect(await refusal(check.trustedRedirect(clientId, uri)), `${clientId} ${uri}`).to.be.instanceOf(UntrustedRedirectError);
    }
  });

  it('without a redirect_uri, answers the only registered one, and refuses a client that has several', async () => {
    expect(await check.trustedRedirect('spa', undefined)).to.deep.equal({ client: SPA, redirectUri: 'https://app.example/callback' });
    const error = await refusal(check.trustedRedirect('native', undefined));
    expect(error).to.be.instanceOf(UntrustedRedirectError);
    expect(error).to.include({ message: 'redirect_uri is required' });
  });
});
