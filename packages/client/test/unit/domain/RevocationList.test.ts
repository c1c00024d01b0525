import { expect } from 'chai';
import { RevocationList } from '../../../src/index';

const T = 1_767_225_600;

describe('RevocationList: subjects and single tokens', () => {
  const list = new RevocationList({ subjects: [{ subject: 'alice', notBefore: T }], tokens: [{ jti: 'stolen', expiresAt: T + 600 }] });

  it('refuses a token of a revoked subject issued before its not-before, and none issued at or after it', () => {
    expect(list.refuses({ sub: 'alice', iat: T - 1, jti: 'a' })).to.equal(true);
    expect(list.refuses({ sub: 'alice', iat: T, jti: 'b' })).to.equal(false);
    expect(list.refuses({ sub: 'alice', iat: T + 1, jti: 'c' })).to.equal(false);
  });

  it('refuses a token of a revoked subject that shows no numeric iat (it cannot prove it is newer)', () => {
    expect(list.refuses({ sub: 'alice', jti: 'a' } as never)).to.equal(true);
    expect(list.refuses({ sub: 'alice', iat: String(T + 10), jti: 'a' } as never)).to.equal(true);
  });

  it('refuses the revoked jti whoever it belongs to and whenever it was issued', () => {
    expect(list.refuses({ sub: 'bob', iat: T + 100, jti: 'stolen' })).to.equal(true);
    expect(list.refuses({ sub: 'bob', iat: T + 100, jti: 'other' })).to.equal(false);
  });

  it('lets other subjects pass, and ignores a sub or jti that is not a string', () => {
    expect(list.refuses({ sub: 'bob', iat: T - 100, jti: 'x' })).to.equal(false);
    expect(list.refuses({ sub: 1, iat: T - 100, jti: 2 } as never)).to.equal(false);
  });

  it('refuses nothing when empty', () => {
    expect(RevocationList.EMPTY.refuses({ sub: 'alice', iat: 0, jti: 'stolen' })).to.equal(false);
    expect(RevocationList.EMPTY.size).to.equal(0);
  });

  it('keeps the latest not-before per subject and one entry per jti, and counts them', () => {
    const merged = new RevocationList({
      subjects: [
        { subject: 'alice', notBefore: T + 50 },
        { subject: 'alice', notBefore: T },
        { subject: 'bob', notBefore: T },
      ],
      tokens: [
        { jti: 'j1', expiresAt: T + 10 },
        { jti: 'j1', expiresAt: T + 5 },
      ],
    });
    expect(merged.entries.subjects).to.deep.equal([
      { subject: 'alice', notBefore: T + 50 },
      { subject: 'bob', notBefore: T },
    ]);
    expect(merged.entries.tokens).to.deep.equal([{ jti: 'j1', expiresAt: T + 10 }]);
    expect(merged.entries).to.equal(merged.entries);
    expect({ subjects: merged.subjectCount, tokens: merged.tokenCount, clients: merged.clientCount, size: merged.size }).to.deep.equal({
      subjects: 2,
      tokens: 1,
      clients: 0,
      size: 3,
    });
  });

  it('with(): a new list holding both when something is new, the same list when nothing is', () => {
    const later = list.with({ subjects: [{ subject: 'alice', notBefore: T + 100 }], tokens: [] });
    expect(later).to.not.equal(list);
    expect(later.refuses({ sub: 'alice', iat: T + 50, jti: 'a' })).to.equal(true);
    expect(list.refuses({ sub: 'alice', iat: T + 50, jti: 'a' })).to.equal(false);
    expect(later.refuses({ sub: 'bob', iat: T, jti: 'stolen' })).to.equal(true);

    const newToken = list.with({ subjects: [], tokens: [{ jti: 'fresh', expiresAt: T }] });
    expect(newToken).to.not.equal(list);
    expect(newToken.refuses({ sub: 'x', iat: T, jti: 'fresh' })).to.equal(true);

    const newSubject = list.with({ subjects: [{ subject: 'carol', notBefore: T }], tokens: [] });
    expect(newSubject.refuses({ sub: 'carol', iat: T - 1, jti: 'c' })).to.equal(true);

    expect(list.with({ subjects: [{ subject: 'alice', notBefore: T }], tokens: [{ jti: 'stolen', expiresAt: T + 600 }] })).to.equal(list);
    expect(list.with({ subjects: [{ subject: 'alice', notBefore: T - 10 }], tokens: [] })).to.equal(list);
    expect(list.with({ subjects: [], tokens: [] })).to.equal(list);
  });
});
