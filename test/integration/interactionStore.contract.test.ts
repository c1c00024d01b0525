import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import type { Interaction } from '../../src/domain/model/Interaction';
import { STUB_USER } from '../../src/infrastructure/auth/StubUserAuthenticator';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { TypeOrmInteractionStore } from '../../src/infrastructure/persistence/TypeOrmInteractionStore';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const NOW = 1_800_000_000;
const page = (uid: string, session: string | null, expiresAt = NOW + 600): Interaction => ({
  uid,
  kind: 'consent',
  session,
  user: STUB_USER,
  clientId: 'third',
  authTime: NOW - 60,
  createdAt: NOW,
  expiresAt,
});

for (const backend of STORE_BACKENDS) {
  describe(`The interaction store on ${backend.name}, two DataSources (two instances)`, function () {
    this.timeout(30_000);
    let database: SharedDatabase;
    let sources: DataSource[];
    let one: TypeOrmInteractionStore;
    let other: TypeOrmInteractionStore;

    before(async () => {
      database = await backend.create();
      sources = [];
      for (let i = 0; i < 2; i++) sources.push(await openDatabase(createDataSource(database.url)));
      [one, other] = sources.map((source) => new TypeOrmInteractionStore(source));
    });

    after(async () => {
      for (const source of sources ?? []) if (source.isInitialized) await source.destroy();
      await database?.dispose();
    });

    it('hands a page written on one instance back on the other, once, with whether the session is the bound one', async () => {
      await one.create(page('uid-a', 'session-a'));
      const { session: _bound, ...stored } = page('uid-a', 'session-a');
      expect(await other.consume('uid-a', 'session-a')).to.deep.equal({ interaction: stored, sameSession: true });
      expect(await one.consume('uid-a', 'session-a')).to.equal(null);
      expect(await one.consume('never-written', 'session-a')).to.equal(null);

      await one.create(page('uid-b', 'session-a'));
      expect((await other.consume('uid-b', 'session-b'))?.sameSession).to.equal(false);
      expect(await one.consume('uid-b', 'session-a'), 'spent by the wrong session too').to.equal(null);
      await one.create(page('uid-c', 'session-a'));
      expect((await other.consume('uid-c', null))?.sameSession).to.equal(false);
    });

    it('keeps neither uid nor session in the clear', async () => {
      await one.create(page('uid-clear', 'session-clear'));
      const rows = (await sources[0].query('SELECT * FROM interactions')) as Array<Record<string, unknown>>;
      expect(JSON.stringify(rows)).not.to.include('uid-clear').and.not.to.include('session-clear');
      expect((await other.consume('uid-clear', 'session-clear'))?.sameSession).to.equal(true);
    });

    it('with sessions off (no session bound), only an answer with none is the same session', async () => {
      await one.create(page('uid-off', null));
      expect((await other.consume('uid-off', null))?.sameSession).to.equal(true);
      await one.create(page('uid-off-2', null));
      expect((await other.consume('uid-off-2', 'session-a'))?.sameSession).to.equal(false);
    });

    it('lets exactly one of many racing consumers on both instances have the page', async () => {
      for (let round = 0; round < 5; round++) {
        const uid = `race-${round}`;
        await one.create(page(uid, 'session-a'));
        const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? one : other).consume(uid, 'session-a')));
        expect(answers.filter((answer) => answer !== null), uid).to.have.length(1);
      }
    });

    it('purges the pages expired at `now`, keeps the others, says how many', async () => {
      await sources[0].query('DELETE FROM interactions');
      await one.create(page('expired', 'session-a', NOW - 1));
      await one.create(page('expires-now', 'session-a', NOW));
      await other.create(page('live', 'session-a', NOW + 1));
      expect(await other.purge(NOW)).to.equal(2);
      expect(await one.purge(NOW)).to.equal(0);
      expect((await one.consume('live', 'session-a'))?.interaction.uid).to.equal('live');
      expect(await one.consume('expires-now', 'session-a')).to.equal(null);
    });
  });
}
