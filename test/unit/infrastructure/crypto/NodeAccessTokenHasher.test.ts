import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { NodeAccessTokenHasher } from '../../../../src/infrastructure/crypto/NodeAccessTokenHasher';

const hasher = new NodeAccessTokenHasher();

describe('NodeAccessTokenHasher: OpenID Connect at_hash', () => {
  it('matches the example of OpenID Connect Core (Appendix A.3: RS256)', () => {
    expect(hasher.atHash('jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y', 'RS256')).to.equal('77QmUPtjPfzWtF2AnpK9RQ');
    expect(hasher.atHash('jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y', 'ES256')).to.equal('77QmUPtjPfzWtF2AnpK9RQ');
    expect(hasher.atHash('jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y', 'PS256')).to.equal('77QmUPtjPfzWtF2AnpK9RQ');
  });

  for (const [alg, hash, bytes] of [
    ['ES384', 'sha384', 24],
    ['RS512', 'sha512', 32],
  ] as const) {
    it(`${alg}: the left half of ${hash}, base64url (${bytes} bytes)`, () => {
      const half = createHash(hash).update('token').digest().subarray(0, bytes).toString('base64url');
      expect(hasher.atHash('token', alg)).to.equal(half);
      expect(Buffer.from(hasher.atHash('token', alg), 'base64url')).to.have.length(bytes);
    });
  }

  it('refuses an algorithm an ID token is never signed with (HS256, none, RS1)', () => {
    for (const alg of ['HS256', 'none', 'RS1', 'xRS256', 'RS2560']) expect(() => hasher.atHash('token', alg), alg).to.throw(RangeError, alg);
  });
});
