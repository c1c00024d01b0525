import { expect } from 'chai';
import { InvalidRequestError } from '../../../src/domain/errors';
import { clientRegistrationOf, type ClientRegistrationInput } from '../../../src/domain/model/ClientRegistration';
import { authenticatesWithKeys } from '../../../src/domain/model/OAuthClient';

const SERVICE: ClientRegistrationInput = { kind: 'confidential', redirectUris: [], grants: ['client_credentials'], scopes: [], resources: [], firstParty: false, postLogoutRedirectUris: [], requirePkce: false };
const KEY = { kty: 'EC', kid: 'e', crv: 'P-256', x: 'x', y: 'y' };

function refusal(input: ClientRegistrationInput): string {
  try {
    clientRegistrationOf(input);
  } catch (error) {
    expect(error).to.be.instanceOf(InvalidRequestError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('clientRegistrationOf: private_key_jwt keys and the PAR requirement', () => {
  it('keeps a confidential client\'s checked keys, or its key URI (https, http on loopback)', () => {
    expect(clientRegistrationOf({ ...SERVICE, jwks: { keys: [KEY] } }).jwks).to.deep.equal([KEY]);
    expect(clientRegistrationOf({ ...SERVICE, jwksUri: 'https://svc.example/jwks' }).jwksUri).to.equal('https://svc.example/jwks');
    expect(clientRegistrationOf({ ...SERVICE, jwksUri: 'http://127.0.0.1:9/jwks' }).jwksUri).to.equal('http://127.0.0.1:9/jwks');
    const plain = clientRegistrationOf(SERVICE);
    expect(plain).not.to.have.any.keys('jwks', 'jwksUri', 'requirePar');
    expect(authenticatesWithKeys(plain)).to.equal(false);
    expect(authenticatesWithKeys({ jwksUri: 'https://svc.example/jwks' })).to.equal(true);
    expect(authenticatesWithKeys({ jwks: [] })).to.equal(true);
  });

  it('refuses keys for a public client, both forms at once, a key URI of another form, and a bad JWKS', () => {
    expect(refusal({ ...SERVICE, grants: [], redirectUris: ['https://a.example/cb'], kind: 'public', jwks: { keys: [KEY] } })).to.equal('a public client has no keys: --jwks and --jwks-uri are for confidential clients');
    expect(refusal({ ...SERVICE, kind: 'public', grants: [], redirectUris: ['https://a.example/cb'], jwksUri: 'https://a.example/jwks' })).to.match(/^a public client has no keys/);
    expect(refusal({ ...SERVICE, jwks: { keys: [KEY] }, jwksUri: 'https://svc.example/jwks' })).to.equal('register keys with --jwks or --jwks-uri, not both');
    for (const uri of ['http://svc.example/jwks', 'https://svc.example/jwks#k', 'jwks.json']) {
      expect(refusal({ ...SERVICE, jwksUri: uri })).to.equal(`JWKS URI ${JSON.stringify(uri)} must be absolute without a fragment: https, or http on a loopback host`);
    }
    expect(refusal({ ...SERVICE, jwks: { keys: [{ ...KEY, d: 'private' }] } })).to.match(/private member "d"/);
  });

  it('requirePar only when asked', () => {
    expect(clientRegistrationOf({ ...SERVICE, requirePar: true }).requirePar).to.equal(true);
    expect(clientRegistrationOf({ ...SERVICE, requirePar: false })).not.to.have.property('requirePar');
  });
});
