import { expect } from 'chai';
import { type VerificationKey } from '../../../src/index';
import { VerificationKeySet } from '../../../src/application/VerificationKeySet';

const key = (kid: string, material = `material-${kid}`, algorithms: readonly string[] = ['RS256']): VerificationKey => ({ kid, method: 'rsa', algorithms, material });

describe('VerificationKeySet: the keys a client holds, by kid, immutable', () => {
  it('starts empty: no kid, no primary key, no origin', () => {
    const empty = VerificationKeySet.EMPTY;
    expect({ size: empty.size, kids: empty.kids(), primary: empty.primary, origin: empty.origin }).to.deep.equal({ size: 0, kids: [], primary: null, origin: null });
    expect(empty.keyFor(undefined)).to.equal(undefined);
    expect(empty.keyFor('a')).to.equal(undefined);
  });

  it('holds the seed key alone, for its kid and for tokens without kid; the same key again changes nothing', () => {
    const a = key('a');
    const set = VerificationKeySet.EMPTY.withSeedKey(a);
    expect({ size: set.size, kids: set.kids(), origin: set.origin }).to.deep.equal({ size: 1, kids: ['a'], origin: 'key' });
    expect(set.keyFor('a')).to.equal(a);
    expect(set.keyFor(undefined)).to.equal(a);
    expect(set.keyFor('b')).to.equal(undefined);
    expect(set.withSeedKey({ ...a })).to.equal(set);
    const b = key('b');
    const next = set.withSeedKey(b);
    expect(next.kids()).to.deep.equal(['b']);
    expect(next.keyFor('a')).to.equal(undefined);
  });

  it('replaces a seed key whose material changed under the same kid', () => {
    const set = VerificationKeySet.EMPTY.withSeedKey(key('a'));
    const changed = key('a', 'other material');
    const next = set.withSeedKey(changed);
    expect(next).to.not.equal(set);
    expect(next.keyFor('a')).to.equal(changed);
  });

  it('a published set replaces everything; only a lone JWKS key answers tokens without kid', () => {
    const seed = VerificationKeySet.EMPTY.withSeedKey(key('s'));
    const pair = seed.withSet([key('a'), key('b')]);
    expect({ kids: pair.kids(), origin: pair.origin, primary: pair.primary }).to.deep.equal({ kids: ['a', 'b'], origin: 'jwks', primary: null });
    expect(pair.keyFor(undefined)).to.equal(undefined);
    expect(pair.keyFor('s')).to.equal(undefined);
    const lone = pair.withSet([key('c')], 'jwks');
    expect(lone.primary?.kid).to.equal('c');
    expect(lone.keyFor(undefined)?.kid).to.equal('c');
  });

  it('a key list names its active key first: it answers tokens without kid', () => {
    const list = VerificationKeySet.EMPTY.withSet([key('active'), key('older')], 'list');
    expect({ kids: list.kids(), origin: list.origin, primary: list.primary?.kid }).to.deep.equal({ kids: ['active', 'older'], origin: 'list', primary: 'active' });
  });

  it('returns itself when a refresh brings the same keys, and keeps unchanged key objects otherwise', () => {
    const a = key('a');
    const b = key('b');
    const set = VerificationKeySet.EMPTY.withSet([a, b]);
    expect(set.withSet([{ ...a }, { ...b }])).to.equal(set);
    const withC = set.withSet([{ ...a }, key('c')]);
    expect(withC).to.not.equal(set);
    expect(withC.keyFor('a')).to.equal(a);
    expect(set.withSet([{ ...a }, { ...b }], 'list')).to.not.equal(set);
    expect(set.withSet([{ ...a }])).to.not.equal(set);
    expect(set.withSet([{ ...a }, { ...b }, key('c')])).to.not.equal(set);
  });

  it('does not reuse a key whose algorithms changed, though its material did not', () => {
    const a = key('a', 'm', ['RS256']);
    const set = VerificationKeySet.EMPTY.withSet([a]);
    const narrowed = key('a', 'm', ['PS256']);
    const next = set.withSet([narrowed]);
    expect(next).to.not.equal(set);
    expect(next.keyFor('a')).to.equal(narrowed);
  });

  it('a set of one key that was the primary is the same set; a changed primary is not', () => {
    const a = key('a');
    const list = VerificationKeySet.EMPTY.withSet([a, key('b')], 'list');
    expect(list.withSet([{ ...a }, key('b')], 'list')).to.equal(list);
    const reordered = list.withSet([key('b'), { ...a }], 'list');
    expect(reordered).to.not.equal(list);
    expect(reordered.primary?.kid).to.equal('b');
  });

  it('an empty published set holds nothing', () => {
    const set = VerificationKeySet.EMPTY.withSeedKey(key('a')).withSet([]);
    expect({ size: set.size, primary: set.primary, origin: set.origin }).to.deep.equal({ size: 0, primary: null, origin: 'jwks' });
  });
});
