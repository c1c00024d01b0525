import { expect } from 'chai';
import { antPatternToRegExp, passListMatcher } from '../../src/interfaces/http/antPattern';

describe('Ant path patterns', () => {
  it('matches a prefix with ** including the prefix itself', () => {
    const regex = antPatternToRegExp('/oauth/jwt/**');
    expect(regex.test('/oauth/jwt')).to.equal(true);
    expect(regex.test('/oauth/jwt/token')).to.equal(true);
    expect(regex.test('/oauth/jwt/a/b')).to.equal(true);
    expect(regex.test('/oauth/jwtx')).to.equal(false);
    expect(regex.test('/current/user/details')).to.equal(false);
  });

  it('matches ** in the middle and * within one segment', () => {
    const matches = passListMatcher(['/**/public/*']);
    expect(matches('/public/x')).to.equal(true);
    expect(matches('/a/b/public/x')).to.equal(true);
    expect(matches('/a/public/x/y')).to.equal(false);
    expect(matches('/a/publicx/y')).to.equal(false);
  });

  it('treats ? as one character and {var} as one segment, and escapes regex characters', () => {
    expect(antPatternToRegExp('/file?.txt').test('/file1.txt')).to.equal(true);
    expect(antPatternToRegExp('/file?.txt').test('/file1Xtxt')).to.equal(false);
    expect(antPatternToRegExp('/users/{id}/profile').test('/users/42/profile')).to.equal(true);
    expect(antPatternToRegExp('/users/{id}/profile').test('/users/4/2/profile')).to.equal(false);
  });
});
