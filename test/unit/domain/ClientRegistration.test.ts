import { expect } from 'chai';
import { InvalidRequestError } from '../../../src/domain/errors';
import { clientRegistrationOf, MAX_REDIRECT_URIS, MAX_RESOURCES, MAX_SCOPES, type ClientRegistrationInput } from '../../../src/domain/model/ClientRegistration';

const WEB: ClientRegistrationInput = { kind: 'confidential', redirectUris: ['https://app.example/cb'], grants: [], scopes: [], resources: [], firstParty: false, postLogoutRedirectUris: [], requirePkce: false };
const SPA: ClientRegistrationInput = { ...WEB, kind: 'public' };
const many = (count: number, of: (index: number) => string) => Array.from({ length: count }, (_, index) => of(index));

function refusal(input: ClientRegistrationInput): Error {
  try {
    clientRegistrationOf(input);
  } catch (error) {
    expect(error).to.be.instanceOf(InvalidRequestError);
    return error as Error;
  }
  throw new Error('accepted');
}

describe('clientRegistrationOf (what a client may do, checked at add and update)', () => {
  it('a required acr is one of the announced levels; empty or absent requires none', () => {
    expect(clientRegistrationOf({ ...WEB, requireAcr: 'urn:auth-service:acr:mfa' }).requireAcr).to.equal('urn:auth-service:acr:mfa');
    expect(clientRegistrationOf({ ...WEB, requireAcr: '' })).not.to.have.property('requireAcr');
    expect(refusal({ ...WEB, requireAcr: 'mfa' }).message).to.equal(
      'required acr "mfa" must be one of urn:auth-service:acr:password, urn:auth-service:acr:mfa, urn:auth-service:acr:phishing-resistant',
    );
  });

  it('no grant named: authorization_code and refresh_token, no scopes, no resources', () => {
    expect(clientRegistrationOf(WEB)).to.deep.equal({ kind: 'confidential', redirectUris: ['https://app.example/cb'], grants: ['authorization_code', 'refresh_token'], scopes: [], resources: [], firstParty: false, postLogoutRedirectUris: [], requirePkce: false, name: null, logoUri: null, policyUri: null, tosUri: null });
    expect(clientRegistrationOf(SPA).grants).to.deep.equal(['authorization_code', 'refresh_token']);
    expect(clientRegistrationOf({ ...WEB, requirePkce: true }).requirePkce).to.equal(true);
  });

  it('named grants replace the default, each once, in the one order of GRANT_TYPES', () => {
    expect(clientRegistrationOf({ ...WEB, grants: ['password', 'client_credentials', 'password'] }).grants).to.deep.equal(['client_credentials', 'password']);
    expect(clientRegistrationOf({ ...WEB, grants: ['refresh_token', 'authorization_code', 'password', 'client_credentials'] }).grants).to.deep.equal([
      'authorization_code',
      'refresh_token',
      'client_credentials',
      'password',
    ]);
    expect(clientRegistrationOf({ ...SPA, grants: ['authorization_code'] }).grants).to.deep.equal(['authorization_code']);
  });

  it('requires DPoP only when asked, and then says so', () => {
    expect(clientRegistrationOf(WEB)).to.not.have.property('requireDpop');
    expect(clientRegistrationOf({ ...WEB, requireDpop: false })).to.not.have.property('requireDpop');
    expect(clientRegistrationOf({ ...SPA, requireDpop: true })).to.include({ requireDpop: true });
  });

  it('the device grant (RFC 8628) is open to a public client, without a redirect URI', () => {
    const tv = clientRegistrationOf({ ...SPA, redirectUris: [], grants: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'] });
    expect(tv.grants).to.deep.equal(['refresh_token', 'urn:ietf:params:oauth:grant-type:device_code']);
    expect(tv.redirectUris).to.deep.equal([]);
  });

  it('an unknown grant is refused by name', () => {
    for (const grant of ['implicit', 'Password', '']) {
      expect(refusal({ ...WEB, grants: ['client_credentials', grant] }).message, grant).to.equal(
        `unknown grant ${JSON.stringify(grant)}: use authorization_code, refresh_token, client_credentials, password, urn:ietf:params:oauth:grant-type:device_code`,
      );
    }
  });

  it('a public client may not use password or client_credentials: it has no secret', () => {
    for (const grant of ['password', 'client_credentials']) {
      expect(refusal({ ...SPA, grants: ['authorization_code', grant] }).message, grant).to.equal(
        `grant "${grant}" needs a confidential client: a public client has no secret`,
      );
    }
    expect(clientRegistrationOf({ ...WEB, grants: ['password'] }).grants).to.deep.equal(['password']);
  });

  it('the code flow needs a redirect URI; a client without it needs none', () => {
    expect(refusal({ ...WEB, redirectUris: [] }).message).to.equal('the authorization_code grant needs at least one redirect URI');
    expect(refusal({ ...WEB, redirectUris: [], grants: ['authorization_code', 'client_credentials'] }).message).to.equal('the authorization_code grant needs at least one redirect URI');
    expect(clientRegistrationOf({ ...WEB, redirectUris: [], grants: ['client_credentials'] }).redirectUris).to.deep.equal([]);
  });

  it('redirect URIs: each once in the order given, at most 20, each acceptable', () => {
    expect(clientRegistrationOf({ ...WEB, redirectUris: ['https://a.example/cb', 'com.example.app:/cb', 'https://a.example/cb'] }).redirectUris).to.deep.equal([
      'https://a.example/cb',
      'com.example.app:/cb',
    ]);
    const uris = many(MAX_REDIRECT_URIS, (index) => `https://a.example/cb${index}`);
    expect(clientRegistrationOf({ ...WEB, redirectUris: [...uris, ...uris] }).redirectUris).to.have.length(20);
    expect(refusal({ ...WEB, redirectUris: [...uris, 'https://a.example/more'] }).message).to.equal('at most 20 redirect URIs');
    expect(refusal({ ...WEB, postLogoutRedirectUris: [...uris, 'https://a.example/more'] }).message).to.equal('at most 20 post-logout redirect URIs');
    expect(refusal({ ...WEB, redirectUris: ['https://a.example/cb', 'http://a.example/cb'] }).message).to.equal(
      'redirect URI "http://a.example/cb" must be absolute without a fragment: https, http on a loopback host, or a private-use scheme',
    );
  });

  it('scopes: each once, at most 50, each one scope token', () => {
    expect(clientRegistrationOf({ ...WEB, scopes: ['orders:read', 'openid', 'orders:read'] }).scopes).to.deep.equal(['orders:read', 'openid']);
    const scopes = many(MAX_SCOPES, (index) => `s${index}`);
    expect(clientRegistrationOf({ ...WEB, scopes }).scopes).to.have.length(50);
    expect(refusal({ ...WEB, scopes: [...scopes, 'one-more'] }).message).to.equal('at most 50 scopes');
    for (const scope of ['orders read', 'orders\u0001', 'say"', 'back\\slash', '']) {
      expect(refusal({ ...WEB, scopes: ['ok', scope] }).message, JSON.stringify(scope)).to.equal(
        `scope ${JSON.stringify(scope)} must be one scope token (RFC 6749 §3.3): printable ASCII without spaces, " or \\`,
      );
    }
  });

  it('resources: each once, exactly as given (no trailing slash added), at most 20, each an absolute URI without a fragment', () => {
    expect(clientRegistrationOf({ ...WEB, resources: ['https://orders.example', 'urn:example:billing', 'https://orders.example'] }).resources).to.deep.equal([
      'https://orders.example',
      'urn:example:billing',
    ]);
    const resources = many(MAX_RESOURCES, (index) => `https://api${index}.example`);
    expect(clientRegistrationOf({ ...WEB, resources }).resources).to.have.length(20);
    expect(refusal({ ...WEB, resources: [...resources, 'https://more.example'] }).message).to.equal('at most 20 resources');
    for (const resource of ['orders', 'https://orders.example#top']) {
      expect(refusal({ ...WEB, resources: [resource] }).message, resource).to.equal(`resource ${JSON.stringify(resource)} must be an absolute URI without a fragment (RFC 8707 §2)`);
    }
  });

  it('a back-channel logout URI: https, or http on a loopback host, no fragment; its sid requirement false unless asked', () => {
    for (const uri of ['https://app.example/bcl?x=1', 'http://127.0.0.1:9/bcl', 'http://localhost/bcl', 'http://[::1]:8/bcl']) {
      expect(clientRegistrationOf({ ...WEB, backchannelLogoutUri: uri }), uri).to.include({ backchannelLogoutUri: uri, backchannelLogoutSessionRequired: false });
    }
    expect(clientRegistrationOf({ ...WEB, backchannelLogoutUri: 'https://app.example/bcl', backchannelLogoutSessionRequired: true })).to.include({ backchannelLogoutSessionRequired: true });
    expect(clientRegistrationOf({ ...WEB, backchannelLogoutSessionRequired: false })).not.to.have.property('backchannelLogoutUri');
    expect(clientRegistrationOf(WEB)).not.to.have.property('backchannelLogoutSessionRequired');
    for (const uri of ['http://app.example/bcl', 'com.example.app:/bcl', 'com.example.app:/https://app.example/bcl', 'https://app.example/bcl#f', '/bcl', '']) {
      expect(refusal({ ...WEB, backchannelLogoutUri: uri }).message, uri).to.equal(
        `back-channel logout URI ${JSON.stringify(uri)} must be absolute without a fragment: https, or http on a loopback host`,
      );
    }
    expect(refusal({ ...WEB, postLogoutRedirectUris: many(MAX_REDIRECT_URIS + 1, (index) => `https://app.example/bye/${index}`) }).message).to.equal(`at most ${MAX_REDIRECT_URIS} post-logout redirect URIs`);
    expect(refusal({ ...WEB, backchannelLogoutSessionRequired: true }).message).to.equal('backchannel logout session required needs a back-channel logout URI');
  });
});
