import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import { DpopProofEntity } from '../../src/infrastructure/persistence/DpopProofEntity';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { TypeOrmDpopProofReplays } from '../../src/infrastructure/persistence/TypeOrmDpopProofReplays';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const NOW = 1_800_000_000;

for (const backend of STORE_BACKENDS) {
  describe(`TypeOrmDpopProofReplays on ${backend.name}, two DataSources (two instances)`, function () {
    this.timeout(30_000);
    let database: SharedDatabase;
    let sources: DataSource[];
    let replays: TypeOrmDpopProofReplays[];

    before(async () => {
      database = await backend.create();
      sources = [];
      for (let i = 0; i < 2; i++) sources.push(await openDatabase(createDataSource(database.url)));
      replays = sources.map((source) => new TypeOrmDpopProofReplays(source));
    });

    after(async () => {
      for (const source of sources ?? []) if (source.isInitialized) await source.destroy();
      await database?.dispose();
    });

    it('of the same proof shown to both instances at once, exactly one accepts it', async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => replays[i % 2].firstUse('key', 'race', NOW + 60, NOW)));
      expect(answers.filter(Boolean)).to.have.length(1);
    });

    it('tells proofs apart by key and jti, long ones included, keeping a fixed-size digest', async () => {
      expect(await replays[0].firstUse('key-a', 'j'.repeat(256), NOW + 60, NOW)).to.equal(true);
      expect(await replays[1].firstUse('key-b', 'j'.repeat(256), NOW + 60, NOW)).to.equal(true);
      expect(await replays[1].firstUse('key-a', 'j'.repeat(256), NOW + 60, NOW)).to.equal(false);
      const ids = (await sources[0].getRepository(DpopProofEntity).find()).map((row) => row.id.length);
      expect(new Set(ids)).to.deep.equal(new Set([43]));
    });

    it('forgets proofs past their window at its next clean-up (every 30 s per instance), keeping the others', async () => {
      const fresh = new TypeOrmDpopProofReplays(sources[0]);
      const rows = sources[0].getRepository(DpopProofEntity);
      await fresh.firstUse('key', 'old', NOW + 10, NOW);
      await fresh.firstUse('key', 'kept', NOW + 1000, NOW + 29);
      expect(await rows.countBy({ id: idOf('old') })).to.equal(1);
      await fresh.firstUse('key', 'later', NOW + 1000, NOW + 30);
      expect(await rows.countBy({ id: idOf('old') })).to.equal(0);
      expect(await rows.countBy({ id: idOf('kept') })).to.equal(1);
    });
  });
}

/** The row id the adapter writes for a proof of the key `key` with `jti`. */
function idOf(jti: string): string {
  return createHash('sha256').update(`key.${jti}`).digest('base64url');
}
