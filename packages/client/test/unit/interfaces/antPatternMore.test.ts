import { expect } from 'chai';
import { antPatternToRegExp, passListMatcher } from '../../../src/interfaces/http/antPattern';

describe('Ant patterns: anchoring, case, trailing slash and every regex character escaped', () => {
  it('matches the whole path only, in any case, with or without a trailing slash', () => {
    const regex = antPatternToRegExp('/health');
    expect(['/health', '/HEALTH', '/health/'].map((path) => regex.test(path))).to.deep.equal([true, true, true]);
    expect(['/healthz', '/x/health', '/health/x', 'health'].map((path) => regex.test(path))).to.deep.equal([false, false, false, false]);
  });

  it('escapes regex characters of a literal segment', () => {
    for (const literal of ['a.b', 'a+b', 'a^b', 'a$b', 'a(b)', 'a|b', 'a[b]', 'a\\b']) {
      const regex = antPatternToRegExp(`/${literal}`);
      expect(regex.test(`/${literal}`), literal).to.equal(true);
    }
    expect(antPatternToRegExp('/a.b').test('/axb')).to.equal(false);
    expect(antPatternToRegExp('/a+b').test('/aab')).to.equal(false);
    expect(antPatternToRegExp('/a|b').test('/a')).to.equal(false);
    expect(antPatternToRegExp('/(a)').test('/a')).to.equal(false);
  });

  it('keeps *, ? and {var} within one segment and ** across segments', () => {
    expect(antPatternToRegExp('/a/*').test('/a/b/c')).to.equal(false);
    expect(antPatternToRegExp('/a/*').test('/a/')).to.equal(true);
    expect(antPatternToRegExp('/a/?').test('/a/bc')).to.equal(false);
    expect(antPatternToRegExp('/a/?').test('/a/')).to.equal(false);
    expect(antPatternToRegExp('/a/{id}').test('/a/')).to.equal(false);
    expect(antPatternToRegExp('/a/{id}').test('/a/x/y')).to.equal(false);
    expect(antPatternToRegExp('/a/{id}/b').test('/a/42/b')).to.equal(true);
    expect(antPatternToRegExp('/a/**').test('/a/b/c')).to.equal(true);
    expect(antPatternToRegExp('/a/**/z').test('/a/z')).to.equal(true);
    expect(antPatternToRegExp('/a/**/z').test('/a/b/c/z')).to.equal(true);
    expect(antPatternToRegExp('/a/**/z').test('/a/b/c/y')).to.equal(false);
    expect(antPatternToRegExp('/file-{name}.json').test('/file-x.json')).to.equal(true);
  });

  it('reads a pattern without a leading slash like one with it', () => {
    expect(antPatternToRegExp('health').test('/health')).to.equal(true);
  });

  it('passes a path matching any pattern of the list, and none with an empty list', () => {
    const passes = passListMatcher(['/health', '/oauth/jwt/**']);
    expect(['/health', '/oauth/jwt/token', '/orders'].map(passes)).to.deep.equal([true, true, false]);
    expect(passListMatcher([])('/health')).to.equal(false);
  });

  it('reads a brace that is not closed as a literal character, not a path variable', () => {
    const regex = antPatternToRegExp('/files/{id');
    expect(regex.test('/files/{id')).to.equal(true);
    expect(regex.test('/files/42')).to.equal(false);
    expect(antPatternToRegExp('/files/id}').test('/files/42')).to.equal(false);
  });
});
