import { expect } from 'chai';
import { RevokeIssuedAccessTokens } from '../../../../src/application/revocation/RevokeIssuedAccessTokens';
import type { IssuedAccessToken } from '../../../../src/domain/ports/RefreshTokenStore';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';

const NOW = 1_767_225_600;
const token = (jti: string, issuedAt: number): IssuedAccessToken => ({ jti, expiresAt: issuedAt + 300, subject: 'u1', issuedAt });

describe('RevokeIssuedAccessTokens with a cap of 0', () => {
  it("keeps no token one by one: every token folds into the user's not-before", async () => {
    const store = new InMemoryRevocationStore();
    const use = new RevokeIssuedAccessTokens(store, new FixedClock('2026-01-01T00:00:00Z'), { maxTokenLifetimeSeconds: 660, clockToleranceSeconds: 30, tokensPerSubject: 0 });
    await use.execute([token('a', NOW - 20), token('b', NOW - 10)]);
    expect(store.tokens.size).to.equal(0);
    expect(store.subjects.get('u1')).to.deep.include({ notBefore: NOW - 9, keepUntil: NOW - 9 + 660 });
  });
});
