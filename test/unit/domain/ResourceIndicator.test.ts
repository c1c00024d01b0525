import { expect } from 'chai';
import { isResourceIndicator, MAX_RESOURCE_LENGTH } from '../../../src/domain/model/ResourceIndicator';

describe('isResourceIndicator (RFC 8707 §2: an absolute URI without a fragment)', () => {
  it('accepts absolute URIs of any scheme, with a path, port, query or percent-encoding', () => {
    const long = `https://orders.example/${'a'.repeat(MAX_RESOURCE_LENGTH - 'https://orders.example/'.length)}`;
    for (const resource of [
      'https://orders.example',
      'https://orders.example/',
      'HTTPS://Orders.Example/API',
      'http://localhost:8080/api',
      'https://[::1]:8443/x',
      'https://api.example/v1?tenant=a',
      'https://api.example/a%20b',
      'urn:example:orders',
      'urn:example:https:orders',
      "https://api.example/!$&'()*+,;=@:~._-",
      long,
    ]) {
      expect(isResourceIndicator(resource), resource).to.equal(true);
    }
  });

  it('refuses relative references, fragments, spaces, controls, non-ASCII, bad percent-encoding, hostless web URIs and over-long text', () => {
    for (const resource of [
      '',
      'orders',
      '/orders',
      '//orders.example',
      'https://orders.example#x',
      'https://orders.example/#',
      'urn:example#frag',
      'https://orders example',
      'https://orders.example/\t',
      'https://orders.example/\n',
      'https://orders.example/é',
      'https://orders.example/"q"',
      'https://orders.example/<x>',
      'https://orders.example/%zz',
      'https://orders.example/%4',
      'https:orders.example',
      'http:orders.example',
      'https:/orders.example?https://x.example',
      ' https://orders.example',
      '\thttps://orders.example',
      'https:/orders.example',
      'http:',
      'https://',
      'https://:443',
      'https://[bad/',
      '1http://orders.example',
      `https://orders.example/${'a'.repeat(MAX_RESOURCE_LENGTH)}`,
    ]) {
      expect(isResourceIndicator(resource), JSON.stringify(resource)).to.equal(false);
    }
  });
});
