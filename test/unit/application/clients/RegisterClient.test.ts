import { NO_CLIENT_METADATA } from '../../../../src/domain/model/ClientMetadata';
import { expect } from 'chai';
import { RegisterClient, type RegisterClientInput } from '../../../../src/application/clients/RegisterClient';
import { InvalidRequestError } from '../../../../src/domain/errors';
import { ClientIdTakenError } from '../../../../src/domain/grantErrors';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

const SPA: RegisterClientInput = { id: 'spa', kind: 'public', redirectUris: ['https://spa.example/cb'] };
const ID_RULE = 'the client id must be 1 to 256 printable characters without a colon';

describe('RegisterClient (clients add)', () => {
  let store: InMemoryOAuthClientStore;
  let register: RegisterClient;

  beforeEach(() => {
    store = new InMemoryOAuthClientStore();
    register = new RegisterClient(store, new SequenceSecretGenerator('generated'), new RecordingAuditTrail());
  });

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  it('registers a public client with its redirect URIs and no secret', async () => {
    const result = await register.execute(SPA);
    expect(result).to.deep.equal({
      client: { id: 'spa', kind: 'public', redirectUris: ['https://spa.example/cb'], grants: ['authorization_code', 'refresh_token'], scopes: [], resources: [], firstParty: false, postLogoutRedirectUris: [], requirePkce: false, ...NO_CLIENT_METADATA },
      secret: null,
    });
    expect(await store.find('spa')).to.deep.equal(result.client);
    expect(store.clients.get('spa')?.secret).to.equal(null);
  });

  it('registers --require-dpop only when asked', async () => {
    expect((await register.execute({ ...SPA, requireDpop: true })).client).to.include({ requireDpop: true });
    expect((await register.execute({ ...SPA, id: 'other', requireDpop: false })).client).to.not.have.property('requireDpop');
  });

  it('registers the back-channel logout URI and its sid requirement, checked as the domain says', async () => {
    const { client } = await register.execute({ ...SPA, backchannelLogoutUri: 'https://spa.example/bcl', backchannelLogoutSessionRequired: true });
    expect(client).to.include({ backchannelLogoutUri: 'https://spa.example/bcl', backchannelLogoutSessionRequired: true });
    expect(await store.find('spa')).to.deep.equal(client);
    const plain = await register.execute({ ...SPA, id: 'plain', backchannelLogoutUri: 'https://spa.example/bcl' });
    expect(plain.client).to.include({ backchannelLogoutSessionRequired: false });
    const refused = await register.execute({ ...SPA, id: 'bad', backchannelLogoutSessionRequired: true }).catch((error: unknown) => error);
    expect((refused as Error).message).to.equal('backchannel logout session required needs a back-channel logout URI');
  });

  it('gives a confidential client a generated secret, shown once and accepted by the store', async () => {
    const result = await register.execute({ id: 'web', kind: 'confidential', redirectUris: ['https://web.example/cb'] });
    expect(result.secret).to.equal('generated-1');
    expect(await store.findConfidential('web', 'generated-1')).to.include({ id: 'web', kind: 'confidential' });
  });

  it('keeps each redirect URI once, in the order given', async () => {
    const result = await register.execute({ ...SPA, redirectUris: ['https://a.example/cb', 'http://127.0.0.1:8400/cb', 'https://a.example/cb', 'com.example.app:/cb'] });
    expect(result.client.redirectUris).to.deep.equal(['https://a.example/cb', 'http://127.0.0.1:8400/cb', 'com.example.app:/cb']);
  });

  it('accepts ids of 1 and 256 printable characters (non-ASCII too), refuses empty, longer, non-printable and colon ids', async () => {
    for (const id of ['a', 'x'.repeat(256), 'app-ü']) expect((await register.execute({ ...SPA, id })).client.id).to.equal(id);
    for (const id of ['', 'y'.repeat(257), 'tab\there', 'zero\u200bwidth', 'svc:1']) {
      const error = await refusal(register.execute({ ...SPA, id }));
      expect(error, JSON.stringify(id)).to.be.instanceOf(InvalidRequestError);
      expect(error).to.include({ code: 'INVALID_REQUEST', message: ID_RULE });
    }
    expect([...store.clients.keys()]).to.have.length(3);
  });

  it('needs a redirect URI for the code flow, at most 20 distinct ones', async () => {
    const uris = (count: number) => Array.from({ length: count }, (_, index) => `https://app.example/cb${index}`);
    expect((await register.execute({ ...SPA, id: 'twenty', redirectUris: [...uris(20), ...uris(20)] })).client.redirectUris).to.have.length(20);
    for (const [redirectUris, message] of [
      [[], 'the authorization_code grant needs at least one redirect URI'],
      [uris(21), 'at most 20 redirect URIs'],
    ] as const) {
      const error = await refusal(register.execute({ ...SPA, id: 'other', redirectUris }));
      expect(error).to.be.instanceOf(InvalidRequestError);
      expect(error).to.include({ message });
    }
    expect(await store.find('other')).to.equal(null);
  });

  it('stores the grants, scopes and resources named, checked (clientRegistrationOf)', async () => {
    const { client } = await register.execute({
      id: 'batch',
      kind: 'confidential',
      redirectUris: [],
      grants: ['client_credentials'],
      scopes: ['orders:read', 'orders:write'],
      resources: ['https://orders.example'],
    });
    expect(client).to.deep.equal({ id: 'batch', kind: 'confidential', redirectUris: [], grants: ['client_credentials'], scopes: ['orders:read', 'orders:write'], resources: ['https://orders.example'], firstParty: false, postLogoutRedirectUris: [], requirePkce: false, ...NO_CLIENT_METADATA });
    expect(await store.find('batch')).to.deep.equal(client);
  });

  it('refuses a bad grant, scope or resource by name and stores nothing', async () => {
    for (const [input, message] of [
      [{ grants: ['password'] }, 'grant "password" needs a confidential client: a public client has no secret'],
      [{ grants: ['implicit'] }, 'unknown grant "implicit": use authorization_code, refresh_token, client_credentials, password, urn:ietf:params:oauth:grant-type:device_code'],
      [{ scopes: ['a b'] }, 'scope "a b" must be one scope token (RFC 6749 §3.3): printable ASCII without spaces, " or \\'],
      [{ resources: ['https://orders.example#x'] }, 'resource "https://orders.example#x" must be an absolute URI without a fragment (RFC 8707 §2)'],
    ] as const) {
      expect(await refusal(register.execute({ ...SPA, ...input }))).to.include({ code: 'INVALID_REQUEST', message });
    }
    expect(store.clients.size).to.equal(0);
  });

  it('refuses the first unacceptable redirect URI by name and stores nothing', async () => {
    const error = await refusal(register.execute({ ...SPA, redirectUris: ['https://spa.example/cb', 'http://spa.example/cb', 'javascript:alert(1)'] }));
    expect(error).to.be.instanceOf(InvalidRequestError);
    expect(error).to.include({
      message: 'redirect URI "http://spa.example/cb" must be absolute without a fragment: https, http on a loopback host, or a private-use scheme',
    });
    expect(store.clients.size).to.equal(0);
  });

  it('passes an existing id on as ClientIdTakenError, leaving the registered client as it was', async () => {
    await register.execute(SPA);
    const error = await refusal(register.execute({ id: 'spa', kind: 'confidential', redirectUris: ['https://other.example/cb'] }));
    expect(error).to.be.instanceOf(ClientIdTakenError);
    expect(await store.find('spa')).to.deep.include({ id: 'spa', kind: 'public', redirectUris: ['https://spa.example/cb'] });
  });

  it('registers the service\'s own app (--first-party) with its post-logout redirect URIs, checked like redirect URIs', async () => {
    const named = await register.execute({ ...SPA, id: 'named', name: 'Portal', logoUri: 'https://portal.example/logo.png', policyUri: 'http://127.0.0.1:8080/privacy', tosUri: '' });
    expect(named.client).to.deep.include({ name: 'Portal', logoUri: 'https://portal.example/logo.png', policyUri: 'http://127.0.0.1:8080/privacy', tosUri: null });
    expect(await store.find('named')).to.deep.include({ name: 'Portal', tosUri: null });
    const badLogo = await refusal(register.execute({ ...SPA, id: 'bad-logo', logoUri: 'javascript:alert(1)' }));
    expect(badLogo).to.be.instanceOf(InvalidRequestError).and.have.property('message').that.match(/^--logo-uri /);
    expect(await store.find('bad-logo')).to.equal(null);
    const { client } = await register.execute({ ...SPA, id: 'portal', firstParty: true, postLogoutRedirectUris: ['https://portal.example/bye', 'https://portal.example/bye'] });
    expect(client).to.deep.include({ firstParty: true, postLogoutRedirectUris: ['https://portal.example/bye'] });
    expect((await register.execute({ ...SPA, id: 'strict', requirePkce: true })).client.requirePkce).to.equal(true);
    const error = await refusal(register.execute({ ...SPA, id: 'bad', postLogoutRedirectUris: ['https://portal.example/bye#x'] }));
    expect((error as Error).message).to.match(/post-logout redirect URI "https:\/\/portal.example\/bye#x"/);
  });
});
