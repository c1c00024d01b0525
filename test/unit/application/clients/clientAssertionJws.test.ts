import { expect } from 'chai';
import { MAX_CLIENT_ASSERTION_LENGTH, readJws } from '../../../../src/application/clients/clientAssertionJws';

const part = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describe('readJws (a client assertion read before any check)', () => {
  it('reads the header and claims of a compact JWS', () => {
    expect(readJws(`${part({ alg: 'RS256' })}.${part({ iss: 'a' })}.c2ln`)).to.deep.equal({ header: { alg: 'RS256' }, claims: { iss: 'a' } });
  });

  it('is null for anything else: other part counts, empty parts, characters outside base64url, non-JSON, JSON that is no object', () => {
    const header = part({ alg: 'RS256' });
    for (const jws of [`${header}.${part({})}`, `${header}.${part({})}.c2ln.x`, `${header}.${part({})}.`, `${header}.${part({})}.a+b`, `${header}.${part('not json')}.c2ln`, `${header}.${part([1])}.c2ln`, `${header}.${part(null)}.c2ln`, `${part(5)}.${part({})}.c2ln`]) {
      expect(readJws(jws), jws).to.equal(null);
    }
  });

  it('is null above the length cap, whatever it holds', () => {
    const head = `${part({ alg: 'RS256' })}.${part({ iss: 'a' })}.`;
    expect(readJws(head + 'a'.repeat(MAX_CLIENT_ASSERTION_LENGTH - head.length))).to.not.equal(null);
    expect(readJws(head + 'a'.repeat(MAX_CLIENT_ASSERTION_LENGTH - head.length + 1))).to.equal(null);
  });
});
