import { expect } from 'chai';
import { resourceList, scopeList } from '../../../../src/interfaces/http/requestedAccess';

describe('scope and resource parameters', () => {
  it('splits a scope on spaces, ignoring doubled ones; none given is undefined', () => {
    expect(scopeList('orders:read  openid')).to.deep.equal(['orders:read', 'openid']);
    expect(scopeList(undefined)).to.equal(undefined);
  });

  it('takes a resource given once, several times, or space-separated from the sign-in form', () => {
    expect(resourceList('https://a.example')).to.deep.equal(['https://a.example']);
    expect(resourceList(['https://a.example', 'https://b.example'])).to.deep.equal(['https://a.example', 'https://b.example']);
    expect(resourceList('https://a.example https://b.example')).to.deep.equal(['https://a.example', 'https://b.example']);
    expect(resourceList(undefined)).to.equal(undefined);
    expect(resourceList('')).to.equal(undefined);
    expect(resourceList([{}, 3])).to.equal(undefined);
  });

  it('refuses (null) more than 20 resources or one longer than 2048 characters', () => {
    expect(resourceList(Array.from({ length: 20 }, (_, i) => `https://r${i}.example`))).to.have.length(20);
    expect(resourceList(Array.from({ length: 21 }, (_, i) => `https://r${i}.example`))).to.equal(null);
    expect(resourceList(`https://a.example/${'x'.repeat(2048)}`)).to.equal(null);
  });
});
