import { expect } from 'chai';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infrastructure/persistence/createDataSource';
import { migrations } from '../../src/infrastructure/persistence/migrations';
import { AddBackchannelLogout1732760000000 } from '../../src/infrastructure/persistence/migrations/1732760000000-AddBackchannelLogout';
import { tokenDigest } from '../../src/infrastructure/persistence/tokenDigest';
import { TypeOrmOAuthClientStore } from '../../src/infrastructure/persistence/TypeOrmOAuthClientStore';
import { TypeOrmSignInSessionStore } from '../../src/infrastructure/persistence/TypeOrmSignInSessionStore';
import { STORE_BACKENDS } from '../support/storeBackends';

const BEFORE = migrations.slice(0, migrations.indexOf(AddBackchannelLogout1732760000000));
const USER = { id: '7', account: 'alice' };

for (const backend of STORE_BACKENDS) {
  describe(`Back-Channel Logout columns and tables: migration on an existing store (${backend.name})`, function () {
    this.timeout(30_000);

    it('a session from before has no sid and tells nobody; a client from before takes no logout tokens; down and up again', async () => {
      expect(BEFORE.length, 'the migration is in the list').to.be.greaterThan(0);
      const database = await backend.create();
      const old = new DataSource({ ...dataSourceOptions(database.url), migrations: BEFORE });
      const current = new DataSource(dataSourceOptions(database.url));
      const p = (n: number) => (backend.name === 'PostgreSQL' ? `$${n}` : '?');
      try {
        await old.initialize();
        await old.runMigrations();
        await old.query(`INSERT INTO signin_sessions (session_hash, subject, user_claims, expires_at, auth_time) VALUES (${[1, 2, 3, 4, 5].map(p).join(', ')})`, [
          tokenDigest('old-cookie'),
          USER.id,
          JSON.stringify(USER),
          4_000_000_000,
          100,
        ]);
        await old.query(`INSERT INTO oauth_clients (client_id, kind, redirect_uris, created_at) VALUES (${[1, 2, 3, 4].map(p).join(', ')})`, ['webapp', 'public', '["https://app.example/cb"]', 100]);
        await old.destroy();

        await current.initialize();
        await current.runMigrations();
        const sessions = new TypeOrmSignInSessionStore(current);
        const session = await sessions.find('old-cookie', 200);
        expect(session).to.deep.equal({ user: USER, authTime: 100, expiresAt: 4_000_000_000 });
        expect(await sessions.clientsOfSubject(USER.id)).to.deep.equal([]);
        const client = await new TypeOrmOAuthClientStore(current).find('webapp');
        expect(client).not.to.have.property('backchannelLogoutUri');
        expect(client).not.to.have.property('backchannelLogoutSessionRequired');

        // The new session's clients, kept once and gone with it.
        await sessions.create('new-cookie', { user: USER as never, authTime: 150, expiresAt: 4_000_000_000, sid: 'sid-1' });
        await sessions.addClient('sid-1', USER.id, 'webapp', 4_000_000_000);
        await sessions.addClient('sid-1', USER.id, 'webapp', 4_000_000_000);
        expect(await sessions.clientsOf('sid-1')).to.deep.equal(['webapp']);
        expect((await sessions.find('new-cookie', 200))?.sid).to.equal('sid-1');
        await sessions.end('new-cookie');
        expect(await sessions.clientsOf('sid-1')).to.deep.equal([]);

        for (let undo = migrations.length - BEFORE.length; undo > 0; undo--) await current.undoLastMigration();
        const columns = (await current.query("SELECT * FROM signin_sessions WHERE subject = '7'")) as Array<Record<string, unknown>>;
        expect(Object.keys(columns[0])).not.to.include('sid');
        await current.runMigrations();
        expect(await sessions.find('old-cookie', 200)).to.deep.equal(session);
      } finally {
        if (old.isInitialized) await old.destroy();
        if (current.isInitialized) await current.destroy();
        await database.dispose();
      }
    });
  });
}
