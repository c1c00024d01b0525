import { expect } from 'chai';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import { RefreshTokenFamilies } from '../../../../src/application/oauth/RefreshTokenFamilies';
import { RevokeIssuedAccessTokens } from '../../../../src/application/revocation/RevokeIssuedAccessTokens';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import type { IssuedAccessToken, RefreshTokenFamily } from '../../../../src/domain/ports/RefreshTokenStore';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryRefreshTokenStore } from '../../../support/InMemoryRefreshTokenStore';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';

/** Refuses a family id that is not a string, as the port's type does: TypeORM drops a null condition from a `findBy`, which would read every family's tokens. */
class StrictRefreshTokenStore extends InMemoryRefreshTokenStore {
  override async revokeFamily(familyId: string, now: number): Promise<IssuedAccessToken[]> {
    if (typeof familyId !== 'string') throw new TypeError(`revokeFamily(${String(familyId)}): the port takes a family id string`);
    return super.revokeFamily(familyId, now);
  }
}

const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const NOW = 1767225600;
const POLICY = { absoluteSeconds: 10_000, idleSeconds: 1_000 };

function access(jti: string, expiresAt = NOW + 300): IssuedAccessToken {
  return { jti, expiresAt, subject: USER.id, issuedAt: expiresAt - 300 };
}

describe('RefreshTokenFamilies (start, liveness, rotation, end)', () => {
  let clock: FixedClock;
  let store: InMemoryRefreshTokenStore;
  let revocations: InMemoryRevocationStore;
  let families: RefreshTokenFamilies;

  beforeEach(() => {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    store = new StrictRefreshTokenStore();
    revocations = new InMemoryRevocationStore();
    const revokeIssued = new RevokeIssuedAccessTokens(revocations, clock, { maxTokenLifetimeSeconds: 600, clockToleranceSeconds: 30 });
    families = new RefreshTokenFamilies(store, new SequenceSecretGenerator('refresh'), new SequenceIdGenerator(), clock, POLICY, revokeIssued);
  });

  it('starts a family for the user and client, with its absolute end, and answers its first token', async () => {
    const token = await families.start(USER, 'svc', NO_PARTICULAR_ACCESS, access('a1'));
    expect(token).to.equal('refresh-1');
    const expected: RefreshTokenFamily = { familyId: 'id-1', subject: '7', clientId: 'svc', user: USER, granted: NO_PARTICULAR_ACCESS, authTime: NOW, createdAt: NOW, expiresAt: NOW + 10_000, lastUsedAt: NOW, revoked: false };
    expect(await store.find(token)).to.deep.equal({ family: expected, current: true });
    expect(await store.familyOfAccessToken('a1')).to.equal('id-1');
  });

  it('starts a family under the id named in advance (an authorization code names it)', async () => {
    const token = await families.start(USER, null, NO_PARTICULAR_ACCESS, access('a1'), 'family-of-code');
    expect((await store.find(token))?.family).to.include({ familyId: 'family-of-code', clientId: null });
  });

  it('clears out families past their absolute end when it starts one', async () => {
    await families.start(USER, null, NO_PARTICULAR_ACCESS, access('a1'));
    clock.advanceSeconds(10_000);
    await families.start(USER, null, NO_PARTICULAR_ACCESS, access('a2'));
    expect([...store.families.keys()]).to.deep.equal(['id-1', 'id-2']);
    clock.advanceSeconds(1);
    await families.start(USER, null, NO_PARTICULAR_ACCESS, access('a3'));
    expect([...store.families.keys()]).to.deep.equal(['id-2', 'id-3']);
  });

  it('a family is alive before its absolute end and its idle timeout, and not once revoked', async () => {
    const family: RefreshTokenFamily = { familyId: 'f', subject: '7', clientId: null, user: USER, granted: NO_PARTICULAR_ACCESS, authTime: NOW, createdAt: NOW, expiresAt: NOW + 10_000, lastUsedAt: NOW + 9_500, revoked: false };
    expect(families.isAlive(family, NOW + 9_999)).to.equal(true);
    expect(families.isAlive(family, NOW + 10_000)).to.equal(false);
    const idle = { ...family, lastUsedAt: NOW };
    expect(families.isAlive(idle, NOW + 999)).to.equal(true);
    expect(families.isAlive(idle, NOW + 1_000)).to.equal(false);
    expect(families.isAlive({ ...family, revoked: true }, NOW)).to.equal(false);
  });

  it('rotates the current token into a new one, and answers null for a token no longer current', async () => {
    const first = await families.start(USER, 'svc', NO_PARTICULAR_ACCESS, access('a1'));
    const family = (await store.find(first))!.family;
    clock.advanceSeconds(5);
    const second = await families.rotate(family, first, access('a2'));
    expect(second).to.equal('refresh-2');
    expect(await store.find(second as string)).to.deep.include({ current: true });
    expect((await store.find(second as string))?.family.lastUsedAt).to.equal(NOW + 5);
    expect(await families.rotate(family, first, access('a3'))).to.equal(null);
  });

  it('counts each rotation per family and per user in the rotation itself; over the limit it answers the seconds to wait and rotates nothing', async () => {
    const limited = new InMemoryRefreshTokenStore(1, 30);
    const revokeIssued = new RevokeIssuedAccessTokens(revocations, clock, { maxTokenLifetimeSeconds: 600, clockToleranceSeconds: 30 });
    families = new RefreshTokenFamilies(limited, new SequenceSecretGenerator('refresh'), new SequenceIdGenerator(), clock, POLICY, revokeIssued);
    const first = await families.start(USER, 'svc', NO_PARTICULAR_ACCESS, access('a1'));
    const family = (await limited.find(first))!.family;
    const second = (await families.rotate(family, first, access('a2'))) as string;
    expect([...limited.counts]).to.deep.equal([[`family:${family.familyId}`, 1], ['user:7', 1]]);
    expect(await families.rotate(family, second, access('a3'))).to.deep.equal({ retryAfterSeconds: 30 });
    expect(await limited.find(second)).to.deep.include({ current: true });
  });

  it('ending a family revokes it and puts its unexpired access tokens on the shared denylist', async () => {
    const first = await families.start(USER, 'svc', NO_PARTICULAR_ACCESS, access('a1', NOW + 300));
    await families.rotate((await store.find(first))!.family, first, access('a2', NOW + 600));
    await families.end('id-1');
    expect((await store.find(first))?.family.revoked).to.equal(true);
    expect([...revocations.tokens.keys()].sort()).to.deep.equal(['a1', 'a2']);
  });

  it('signing out with an access token ends the family that issued it; a token of no family ends nothing', async () => {
    const mine = await families.start(USER, 'svc', NO_PARTICULAR_ACCESS, access('a1'));
    const other = await families.start(USER, 'svc', NO_PARTICULAR_ACCESS, access('b1'));
    await families.endOfAccessToken('not-from-a-family');
    expect(revocations.tokens.size).to.equal(0);
    await families.endOfAccessToken('a1');
    expect((await store.find(mine))?.family.revoked).to.equal(true);
    expect((await store.find(other))?.family.revoked).to.equal(false);
    expect([...revocations.tokens.keys()]).to.deep.equal(['a1']);
  });

  it('tells the time in whole epoch seconds', () => {
    clock.set('2026-01-01T00:00:01.999Z');
    expect(families.now()).to.equal(NOW + 1);
  });
});
