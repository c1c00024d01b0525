import { expect } from 'chai';
import { Client } from 'pg';
import { DatabaseUnavailableError } from '../../src/infrastructure/persistence/DatabaseUnavailableError';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { POSTGRES_ADMIN_URL, PostgresDatabase } from '../support/postgresDatabase';

describe('openDatabase', function () {
  this.timeout(30_000);

  it('gives up after connectSeconds with DatabaseUnavailableError, having retried with growing delays', async () => {
    const delays: number[] = [];
    const dataSource = createDataSource('postgres://postgres@127.0.0.1:1/auth');

    let failure: unknown;
    await openDatabase(dataSource, { connectSeconds: 1, onRetry: (_error, _attempt, delayMs) => delays.push(delayMs) }).catch(
      (error: unknown) => (failure = error),
    );

    expect(failure).to.be.instanceOf(DatabaseUnavailableError);
    expect(failure).to.include({ code: 'DATABASE_UNAVAILABLE' });
    expect((failure as Error).message).to.match(/^could not open the postgres database within 1 s: .*ECONNREFUSED/);
    expect(delays.length).to.be.at.least(2);
    // Jittered exponential backoff: each delay lies in [half, whole] of 100 ms × 2^(attempt-1), capped by the time left.
    expect(delays[0]).to.be.within(50, 100);
    expect(dataSource.isInitialized).to.equal(false);
  });

  it('connects and migrates once a database that was missing at startup appears', async () => {
    const database = await PostgresDatabase.create();
    await database.drop();
    const dataSource = createDataSource(database.url);
    let attempts = 0;
    try {
      await openDatabase(dataSource, {
        connectSeconds: 20,
        onRetry: async () => {
          // The database "comes up" after the first failed attempt.
          if (++attempts === 1) await recreate(database.name);
        },
      });

      expect(attempts).to.be.at.least(1);
      expect(await dataSource.query('SELECT count(*)::int AS n FROM signing_keys')).to.deep.equal([{ n: 0 }]);
    } finally {
      if (dataSource.isInitialized) await dataSource.destroy();
      await database.drop();
    }
  });
});

async function recreate(name: string): Promise<void> {
  const client = new Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}
