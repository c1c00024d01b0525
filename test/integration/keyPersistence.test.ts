import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { KeyRing } from '../../src/domain/model/KeyRing';
import { createDataSource } from '../../src/infrastructure/persistence/createDataSource';
import { migrations } from '../../src/infrastructure/persistence/migrations';
import { TYPES } from '../../src/interfaces/composition/types';
import { CURRENT_USER_PATH, loginToken, METHODS, STUB_CURRENT_USER_BODY } from '../support/authContract';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';
import { decodeJws } from '../support/compactJws';

interface KeyRow {
  kid: string;
  method: string;
  alg: string;
  state: string;
  private_key: string | null;
  public_key: string | null;
}

/** Reads or changes the file behind the servers' backs, with a DataSource of its own (no migrations run). */
async function withDatabase<T>(file: string, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const dataSource = await createDataSource(`sqlite:${file}`).initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

function activeKid(server: RunningAuthServer): string {
  return server.auth.container.get<KeyRing>(TYPES.KeyRing).activeKey().kid;
}

async function expectAccepted(server: RunningAuthServer, token: string): Promise<void> {
  const res = await request(server.origin).get(CURRENT_USER_PATH).set('Authorization', `Bearer ${token}`);
  expect(res.status, res.text).to.equal(200);
  expect(res.text).to.equal(STUB_CURRENT_USER_BODY);
}

describe('key persistence in a SQLite file', () => {
  let dir: string;
  let files = 0;
  const servers: RunningAuthServer[] = [];

  function freshFile(): string {
    files++;
    return join(dir, `auth-${files}.sqlite`);
  }

  async function start(file: string, method = 'rsa'): Promise<RunningAuthServer> {
    const server = await startAuthServer({ AUTH_SIGN_METHOD: method, AUTH_DATABASE_URL: `sqlite:${file}` });
    servers.push(server);
    return server;
  }

  async function stop(server: RunningAuthServer): Promise<void> {
    servers.splice(servers.indexOf(server), 1);
    await server.auth.close();
  }

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'auth-keys-'));
  });

  after(async () => {
    await Promise.all(servers.map((server) => server.auth.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the schema through migrations, not synchronize', async () => {
    const file = freshFile();
    const server = await start(file);
    const dataSource = server.auth.container.get<DataSource>(TYPES.DataSource);
    expect(dataSource.options.synchronize).to.equal(false);
    await stop(server);

    await withDatabase(file, async (db) => {
      const executed = (await db.query('SELECT name FROM migrations')) as Array<{ name: string }>;
      expect(executed.map((row) => row.name)).to.deep.equal(migrations.map((migration) => migration.name));
      const columns = (await db.query('PRAGMA table_info(signing_keys)')) as Array<{ name: string }>;
      expect(columns.map((column) => column.name)).to.deep.equal([
        'kid',
        'method',
        'alg',
        'state',
        'private_key',
        'public_key',
        'created_at',
        'activate_at',
        'activated_at',
        'retire_at',
        'retired_at',
      ]);
      const [index] = (await db.query("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'ux_signing_keys_active_method'")) as Array<{
        sql: string;
      }>;
      expect(index.sql).to.match(/CREATE UNIQUE INDEX .* ON signing_keys \(method\) WHERE state = 'active'/);
    });
  });

  for (const { method } of METHODS) {
    it(`${method}: a restart on the same file keeps the key and accepts tokens issued before it`, async () => {
      const file = freshFile();
      const first = await start(file, method);
      const kid = activeKid(first);
      const token = await loginToken(first.origin);
      await stop(first);

      const second = await start(file, method);
      expect(activeKid(second)).to.equal(kid);
      await expectAccepted(second, token);
      expect(decodeJws(await loginToken(second.origin)).header.kid).to.equal(kid);

      const rows = await withDatabase(file, (db) => db.query('SELECT kid, state FROM signing_keys') as Promise<KeyRow[]>);
      expect(rows).to.deep.equal([{ kid, state: 'active' }]);
    });
  }

  for (const method of ['rsa', 'hmac']) {
    it(`${method}: two servers racing on one empty file end with exactly one active key, and accept each other's tokens`, async () => {
      const file = freshFile();

      const [a, b] = await Promise.all([start(file, method), start(file, method)]);

      expect(activeKid(a)).to.equal(activeKid(b));
      const active = await a.auth.container
        .get<DataSource>(TYPES.DataSource)
        .query("SELECT kid FROM signing_keys WHERE state = 'active' AND method = ?", [method]);
      expect(active).to.deep.equal([{ kid: activeKid(a) }]);
      await expectAccepted(a, await loginToken(b.origin));
      await expectAccepted(b, await loginToken(a.origin));
    });
  }

  it('replaces a damaged key (a missing half) at the next start and retires it', async () => {
    const file = freshFile();
    const first = await start(file);
    const damagedKid = activeKid(first);
    await stop(first);
    await withDatabase(file, (db) => db.query('UPDATE signing_keys SET public_key = NULL WHERE kid = ?', [damagedKid]));

    const second = await start(file);

    expect(activeKid(second)).not.to.equal(damagedKid);
    const rows = await withDatabase(file, (db) => db.query('SELECT kid, state FROM signing_keys ORDER BY created_at') as Promise<KeyRow[]>);
    expect(rows).to.have.deep.members([
      { kid: damagedKid, state: 'retired' },
      { kid: activeKid(second), state: 'active' },
    ]);
    await expectAccepted(second, await loginToken(second.origin));
  });

  it('keeps one key per method in one file', async () => {
    const file = freshFile();
    const rsa = await start(file, 'rsa');
    const rsaKid = activeKid(rsa);
    await stop(rsa);
    const ecdsa = await start(file, 'ecdsa');
    await stop(ecdsa);

    const again = await start(file, 'rsa');
    expect(activeKid(again)).to.equal(rsaKid);
    const rows = await withDatabase(file, (db) => db.query("SELECT method FROM signing_keys WHERE state = 'active' ORDER BY method") as Promise<KeyRow[]>);
    expect(rows.map((row) => row.method)).to.deep.equal(['ecdsa', 'rsa']);
  });
});
