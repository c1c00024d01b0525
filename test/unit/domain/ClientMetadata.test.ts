import { expect } from 'chai';
import { InvalidRequestError } from '../../../src/domain/errors';
import { clientMetadataOf, MAX_CLIENT_METADATA_URI_LENGTH, MAX_CLIENT_NAME_LENGTH, NO_CLIENT_METADATA } from '../../../src/domain/model/ClientMetadata';

const refusalOf = (input: Parameters<typeof clientMetadataOf>[0]): string => {
  try {
    clientMetadataOf(input);
  } catch (error) {
    expect(error).to.be.instanceOf(InvalidRequestError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('clientMetadataOf (RFC 7591 name, logo, policy and terms URIs)', () => {
  it('keeps what is given; left out or empty is null', () => {
    expect(clientMetadataOf({})).to.deep.equal(NO_CLIENT_METADATA);
    expect(clientMetadataOf({ name: '', logoUri: '', policyUri: null, tosUri: undefined })).to.deep.equal(NO_CLIENT_METADATA);
    expect(clientMetadataOf({ name: '订单 <Orders> & Co', logoUri: 'https://cdn.example/logo.png', policyUri: 'http://localhost:3000/privacy', tosUri: 'http://[::1]/terms' })).to.deep.equal({
      name: '订单 <Orders> & Co', logoUri: 'https://cdn.example/logo.png', policyUri: 'http://localhost:3000/privacy', tosUri: 'http://[::1]/terms',
    });
    expect(clientMetadataOf({ policyUri: 'http://127.0.0.1/p' }).policyUri).to.equal('http://127.0.0.1/p');
  });

  it('a name of at most 100 characters, no control character, no surrounding space; the refusal names --name', () => {
    expect(clientMetadataOf({ name: 'n'.repeat(MAX_CLIENT_NAME_LENGTH) }).name).to.have.length(100);
    for (const name of ['n'.repeat(MAX_CLIENT_NAME_LENGTH + 1), ' Web', 'Web ', 'We\nb', 'We\x7fb', 'We\x00b']) {
      expect(refusalOf({ name }), JSON.stringify(name)).to.equal('--name must be at most 100 characters, without control characters or surrounding spaces');
    }
  });

  it('each URI https, or http only on a loopback host, absolute, without a fragment; the refusal names the flag and the value', () => {
    expect(refusalOf({ logoUri: 'http://cdn.example/logo.png' })).to.equal('--logo-uri "http://cdn.example/logo.png" must be an absolute https URL (http only on a loopback host) without a fragment');
    expect(refusalOf({ policyUri: 'javascript:alert(1)' })).to.match(/^--policy-uri "javascript:alert\(1\)" must be/);
    expect(refusalOf({ tosUri: '/terms' })).to.match(/^--tos-uri "\/terms" must be/);
    for (const uri of ['data:image/png;base64,AA', 'https://a.example/#x', 'https://a.example/ x', 'https://a.example/\tx', 'ftp://a.example/', 'ftp://localhost/logo', 'com.example.app:/logo']) {
      expect(refusalOf({ logoUri: uri }), uri).to.match(/^--logo-uri /);
    }
    const long = `https://a.example/${'x'.repeat(MAX_CLIENT_METADATA_URI_LENGTH - 'https://a.example/'.length)}`;
    expect(clientMetadataOf({ logoUri: long }).logoUri).to.equal(long);
    expect(refusalOf({ logoUri: `${long}x` })).to.match(/^--logo-uri /);
  });
});
