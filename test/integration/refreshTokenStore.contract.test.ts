import { expect } from 'chai';
import { NO_PARTICULAR_ACCESS } from '../../src/domain/model/GrantedAccess';
import type { DataSource } from 'typeorm';
import type { RefreshTokenFamily } from '../../src/domain/ports/RefreshTokenStore';
import { STUB_USER } from '../../src/infrastructure/auth/StubUserAuthenticator';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { TypeOrmRefreshTokenStore } from '../../src/infrastructure/persistence/TypeOrmRefreshTokenStore';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';
import { REFRESH_COUNTS } from '../../src/interfaces/composition/modules/refreshLimit';

const NOW = 1_800_000_000;
const family = (familyId: string, subject = '1'): RefreshTokenFamily => ({
  granted: NO_PARTICULAR_ACCESS,
  authTime: NOW - 60,
  familyId,
  subject,
  clientId: 'svc',
  user: STUB_USER,
  createdAt: NOW,
  expiresAt: NOW + 1000,
  lastUsedAt: NOW,
  revoked: false,
});
const access = (jti: string) => ({ jti, expiresAt: NOW + 300, subject: '1', issuedAt: NOW });

for (const backend of STORE_BACKENDS) {
  describe(`TypeOrmRefreshTokenStore on ${backend.name}, two DataSources (two instances)`, function () {
    this.timeout(30_000);
    let database: SharedDatabase;
    let sources: DataSource[];
    let stores: TypeOrmRefreshTokenStore[];

    before(async () => {
      database = await backend.create();
      sources = [];
      for (let i = 0; i < 2; i++) sources.push(await openDatabase(createDataSource(database.url)));
      stores = sources.map((source) => new TypeOrmRefreshTokenStore(source, REFRESH_COUNTS));
    });

    after(async () => {
      for (const source of sources ?? []) if (source.isInitialized) await source.destroy();
      await database?.dispose();
    });

    it('of many rotations of one token at once, from both instances, exactly one succeeds', async () => {
      await stores[0].startFamily(family('race'), 'token-0', access('a0'));
      const attempts = Array.from({ length: 12 }, (_, i) => stores[i % 2].rotate('race', 'token-0', `next-${i}`, access(`a-${i}`), NOW + 1, []));
      const results = await Promise.all(attempts);
      expect(results.filter(Boolean)).to.have.length(1);
      const winner = results.indexOf(true);
      expect(await stores[1].find(`next-${winner}`)).to.deep.include({ current: true });
      expect(await stores[0].find('token-0')).to.deep.include({ current: false });
      // The losers' tokens were never recorded.
      for (let i = 0; i < 12; i++) if (i !== winner) expect(await stores[0].find(`next-${i}`)).to.equal(null);
    });

    it('rotations of many families at once (one group commit on SQLite) each swap their own family, with a replay and a revoked family among them', async () => {
      const ids = Array.from({ length: 20 }, (_, i) => `many-${i}`);
      for (const id of ids) await stores[0].startFamily(family(id), `${id}-0`, access(`${id}-a0`));
      await stores[0].revokeFamily('many-19', NOW + 1);
      const counted = (id: string) => [`family:${id}`, `user:owner-of-${id}`];
      const attempts = ids.map((id) => stores[0].rotate(id, `${id}-0`, `${id}-1`, access(`${id}-a1`), NOW + 2, counted(id)));
      // The same token of many-3 presented twice at once: one of the two rotations swaps, the other is a replay.
      attempts.push(stores[0].rotate('many-3', 'many-3-0', 'many-3-x', access('many-3-ax'), NOW + 2, counted('many-3')));
      const results = await Promise.all(attempts);
      const others = ids.filter((id) => id !== 'many-3');
      expect(others.map((id) => results[ids.indexOf(id)])).to.deep.equal([...others.slice(0, 18).map(() => true), false]);
      expect([results[3], results[20]].filter(Boolean), 'exactly one rotation of the token presented twice').to.have.length(1);
      const [won, lost] = results[3] ? ['1', 'x'] : ['x', '1'];
      for (const [id, next, jti] of [...others.slice(0, 18).map((id) => [id, `${id}-1`, `${id}-a1`]), ['many-3', `many-3-${won}`, `many-3-a${won}`]]) {
        const lookup = await stores[1].find(next);
        expect(lookup?.current, id).to.equal(true);
        expect(lookup?.family.lastUsedAt, id).to.equal(NOW + 2);
        expect(await stores[1].familyOfAccessToken(jti)).to.equal(id);
        expect(await stores[1].find(`${id}-0`)).to.deep.include({ current: false });
      }
      // Each counted once against its family and its user, in the shared counters (many-3 twice).
      const rows = (await sources[1].query("SELECT key, points FROM attempt_counters WHERE key LIKE 'refresh:family:many-%'")) as { key: string; points: number }[];
      expect(rows.map((row) => [row.key.split('@')[0], Number(row.points)]).sort()).to.deep.equal(ids.map((id) => [`refresh:family:${id}`, id === 'many-3' ? 2 : 1]).sort());
      expect(await stores[1].find('many-19-1')).to.equal(null);
      expect(await stores[1].find(`many-3-${lost}`)).to.equal(null);
      expect(await stores[1].familyOfAccessToken(`many-3-a${lost}`)).to.equal(null);
    });

    it('a revoked family cannot be rotated, and revoking returns its unexpired access tokens', async () => {
      await stores[0].startFamily(family('ended'), 'e-0', access('e-a0'));
      expect(await stores[1].rotate('ended', 'e-0', 'e-1', access('e-a1'), NOW + 1, [])).to.equal(true);
      const revoked = await stores[1].revokeFamily('ended', NOW + 2);
      expect(revoked.map((token) => token.jti).sort()).to.deep.equal(['e-a0', 'e-a1']);
      // Owned by the family's user, each with the second it was recorded (its iat or just after): the per-user cap counts them.
      expect(revoked.map(({ jti, subject, issuedAt }) => ({ jti, subject, issuedAt })).sort((a, b) => a.jti.localeCompare(b.jti))).to.deep.equal([
        { jti: 'e-a0', subject: '1', issuedAt: NOW },
        { jti: 'e-a1', subject: '1', issuedAt: NOW + 1 },
      ]);
      expect(await stores[0].rotate('ended', 'e-1', 'e-2', access('e-a2'), NOW + 3, [])).to.equal(false);
      expect((await stores[0].find('e-1'))?.family.revoked).to.equal(true);
      expect(await stores[0].familyOfAccessToken('e-a1')).to.equal('ended');
    });

    it('counts each rotation per family and per user in the shared counters, both instances alike; over the limit nothing is swapped', async () => {
      const limited = sources.map((source) => new TypeOrmRefreshTokenStore(source, { name: 'refresh', maxAttempts: 3, windowSeconds: 3600 }));
      for (const id of ['lim-a', 'lim-b']) await limited[0].startFamily(family(id, 'lim-user'), `${id}-0`, access(`${id}-a0`));
      const keys = (id: string) => [`family:${id}`, 'user:lim-user'];
      // Three of one user's refreshes, from both instances and two families, each counted and rotated.
      expect(await limited[0].rotate('lim-a', 'lim-a-0', 'lim-a-1', access('lim-a-a1'), NOW + 1, keys('lim-a'))).to.equal(true);
      expect(await limited[1].rotate('lim-a', 'lim-a-1', 'lim-a-2', access('lim-a-a2'), NOW + 2, keys('lim-a'))).to.equal(true);
      expect(await limited[1].rotate('lim-b', 'lim-b-0', 'lim-b-1', access('lim-b-a1'), NOW + 3, keys('lim-b'))).to.equal(true);
      const refused = await limited[0].rotate('lim-b', 'lim-b-1', 'lim-b-2', access('lim-b-a2'), NOW + 4, keys('lim-b'));
      expect(refused).to.have.property('retryAfterSeconds').that.is.within(1, 2 * 3600);
      expect(await limited[1].find('lim-b-1'), 'the token is not spent').to.deep.include({ current: true });
      expect(await limited[1].find('lim-b-2')).to.equal(null);
      // The refused refresh stays counted, against its family and its user.
      const rows = (await sources[1].query("SELECT key, points FROM attempt_counters WHERE key LIKE 'refresh:%lim%' ORDER BY key")) as { key: string; points: number }[];
      const window = Math.floor(((NOW + 4) * 1000) / 3_600_000);
      expect(rows.map((row) => [row.key, Number(row.points)])).to.deep.equal([
        [`refresh:family:lim-a@${window}`, 2],
        [`refresh:family:lim-b@${window}`, 2],
        [`refresh:user:lim-user@${window}`, 4],
      ]);
    });

    it("revokeSubject ends every family of the user and no other's; purge drops families past their end", async () => {
      await stores[0].startFamily(family('u1', 'user-1'), 'u1-0', access('u1-a'));
      await stores[0].startFamily(family('u2', 'user-2'), 'u2-0', access('u2-a'));
      await stores[1].revokeSubject('user-1', NOW + 1);
      expect((await stores[0].find('u1-0'))?.family.revoked).to.equal(true);
      expect((await stores[0].find('u2-0'))?.family.revoked).to.equal(false);
      expect(await stores[0].purge(NOW + 1001)).to.be.greaterThan(0);
      expect(await stores[0].find('u2-0')).to.equal(null);
    });
  });
}
