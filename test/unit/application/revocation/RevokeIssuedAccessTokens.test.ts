import { expect } from 'chai';
import type { RevocationEntries } from '@auth-service/client';
import { RevokeIssuedAccessTokens } from '../../../../src/application/revocation/RevokeIssuedAccessTokens';
import type { IssuedAccessToken } from '../../../../src/domain/ports/RefreshTokenStore';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';

const NOW = 1_767_225_600; // 2026-01-01T00:00:00Z
const POLICY = { maxTokenLifetimeSeconds: 660, clockToleranceSeconds: 30, tokensPerSubject: 100 };
const token = (jti: string, issuedAt: number, subject = 'u1', ttl = 300): IssuedAccessToken => ({ jti, expiresAt: issuedAt + ttl, subject, issuedAt });

describe('RevokeIssuedAccessTokens (a family ends: its access tokens, owned by their user, bounded per user)', () => {
  let store: InMemoryRevocationStore;
  let observed: Array<[string, RevocationEntries]>;
  let use: RevokeIssuedAccessTokens;

  beforeEach(() => {
    store = new InMemoryRevocationStore();
    observed = [];
    use = new RevokeIssuedAccessTokens(store, new FixedClock('2026-01-01T00:00:00Z'), POLICY, (kind, added) => void observed.push([kind, added]));
  });

  it('puts each live token on the denylist until exp + tolerance, owned by its user, and tells the observer', async () => {
    await use.execute([token('a', NOW - 10), token('b', NOW - 5)]);
    expect(store.tokens.get('a')).to.deep.equal({ expiresAt: NOW + 290, keepUntil: NOW + 320, owner: { subject: 'u1', issuedAt: NOW - 10 } });
    expect(store.tokens.get('b')?.owner).to.deep.equal({ subject: 'u1', issuedAt: NOW - 5 });
    expect(store.subjects.size).to.equal(0);
    expect(observed).to.deep.equal([['token', { subjects: [], tokens: [{ jti: 'b', expiresAt: NOW + 295 }, { jti: 'a', expiresAt: NOW + 290 }] }]]);
  });

  it('skips tokens expired beyond the tolerance (nothing left to refuse), keeps one within it', async () => {
    await use.execute([token('old', NOW - 400), token('edge', NOW - 330), token('gone', NOW - 331)]);
    expect([...store.tokens.keys()]).to.deep.equal(['edge']);
  });

  it('does nothing at all for no live token', async () => {
    await use.execute([token('old', NOW - 400)]);
    expect(store.calls).to.deep.equal([]);
    expect(observed).to.deep.equal([]);
  });

  it('a family that rotated 150 times adds at most the cap + 1 entries: the newest 100 one by one, the older fold into the not-before', async () => {
    const tokens = Array.from({ length: 150 }, (_, i) => token(`t${i}`, NOW - 150 + i));
    await use.execute(tokens);
    expect(store.tokens.size).to.equal(100);
    expect([...store.tokens.keys()].sort()).to.deep.equal(tokens.slice(50).map((t) => t.jti).sort());
    // Every folded token (iat NOW-150 … NOW-101) is before the not-before; every kept one is at or after it.
    expect(store.subjects.get('u1')).to.deep.include({ notBefore: NOW - 100, keepUntil: NOW - 100 + 660 });
    expect(observed[0]).to.deep.equal(['subject', { subjects: [{ subject: 'u1', notBefore: NOW - 100 }], tokens: [] }]);
    expect(observed[1][1].tokens).to.have.length(100);
  });

  it('a family of 150 tokens all of one second adds at most the cap + 1 entries: that whole second folds', async () => {
    const sameSecond = Array.from({ length: 150 }, (_, i) => token(`s${i}`, NOW - 50));
    await use.execute(sameSecond);
    expect(store.tokens.size).to.equal(0);
    expect(store.subjects.get('u1')).to.deep.include({ notBefore: NOW - 49, keepUntil: NOW - 49 + 660 });
    expect(observed[0]).to.deep.equal(['subject', { subjects: [{ subject: 'u1', notBefore: NOW - 49 }], tokens: [] }]);
  });

  it('folds the second of the token beyond the cap with its peers within it; newer seconds stay listed one by one', async () => {
    const newer = Array.from({ length: 60 }, (_, i) => token(`n${i}`, NOW - 10));
    const straddling = Array.from({ length: 50 }, (_, i) => token(`s${i}`, NOW - 50));
    await use.execute([...straddling, token('older', NOW - 60), ...newer]);
    expect([...store.tokens.keys()].sort()).to.deep.equal(newer.map((t) => t.jti).sort());
    expect(store.subjects.get('u1')?.notBefore).to.equal(NOW - 49);
  });

  it('exactly the cap of one second is kept one by one, nothing folds', async () => {
    await use.execute(Array.from({ length: 100 }, (_, i) => token(`s${i}`, NOW - 50)));
    expect(store.tokens.size).to.equal(100);
    expect(store.subjects.size).to.equal(0);
  });

  it("counts each user's tokens against that user's cap only, and folds what the user had revoked before", async () => {
    for (let i = 0; i < 100; i++) await store.revokeToken(`before${i}`, NOW + 100, NOW + 130, { subject: 'u1', issuedAt: NOW - 200 - i });
    await use.execute([token('new', NOW - 1), token('other', NOW - 1, 'u2')]);
    expect(store.calls).to.deep.include(['capSubject', 'u1', 100, 660]);
    expect(store.calls).to.deep.include(['capSubject', 'u2', 100, 660]);
    expect([...store.tokens.values()].filter((entry) => entry.owner?.subject === 'u1')).to.have.length(100);
    // The oldest one revoked before (iat NOW-299) folded: the not-before is a second after it.
    expect(store.subjects.get('u1')?.notBefore).to.equal(NOW - 298);
    expect(store.tokens.has('before99')).to.equal(false);
    expect(store.tokens.get('other')?.owner).to.deep.equal({ subject: 'u2', issuedAt: NOW - 1 });
  });

  it('without a cap in the policy, writes every token and folds nothing', async () => {
    use = new RevokeIssuedAccessTokens(store, new FixedClock('2026-01-01T00:00:00Z'), { maxTokenLifetimeSeconds: 660, clockToleranceSeconds: 30 });
    await use.execute(Array.from({ length: 150 }, (_, i) => token(`t${i}`, NOW - 150 + i)));
    expect(store.tokens.size).to.equal(150);
    expect(store.subjects.size).to.equal(0);
    expect(store.calls.filter(([op]) => op === 'capSubject')).to.deep.equal([]);
  });
});
