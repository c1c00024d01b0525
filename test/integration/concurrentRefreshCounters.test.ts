import { expect } from 'chai';
import request from 'supertest';
import type { OAuthClientStore } from '../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../src/interfaces/composition/types';
import { authTestConfig } from '../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { registeredClient } from '../support/oauthClients';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const APP = { id: 'busy-app', secret: 'busy-app-secret' };
const PARALLEL = 40;
/** Refreshes kept in flight, and how many in all, for the sustained run. */
const IN_FLIGHT = 50;
const SUSTAINED = 200;

/**
 * Refreshes in parallel on a SQLite file: each one rotates its family in a
 * transaction of the store's connection while the refresh counter is written
 * on the counters' own connection to the same file. A counter write that
 * waited for the file's lock inside SQLite (its busy handler) held its
 * connection while the event loop, which must run to commit the store's
 * transaction, waited for that connection: every refresh stalled until the
 * 2 s store timeout, and the count fell back to one process's memory. Every
 * refresh must be answered and counted in the shared table. A burst of
 * refreshes sent at once did not show it; refreshes kept in flight did, even
 * after the counters' client retried on a timer: node-sqlite3 opens every
 * connection with a 1 s busy timeout of its own, and each stall then lasted
 * the store's 10 s.
 */
describe('parallel refreshes on a SQLite file: every one answered and counted in the shared store', function () {
  this.timeout(60_000);
  let database: SharedDatabase;
  let auth: AuthServer;

  before(async () => {
    database = await STORE_BACKENDS[0].create();
    auth = await buildAuthServer(authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_LOGIN_MAX_ATTEMPTS: '1000' }));
    await auth.container
      .get<OAuthClientStore>(TYPES.OAuthClientStore)
      .add(registeredClient({ id: APP.id, kind: 'confidential', redirectUris: [], grants: ['password', 'refresh_token'] }), APP.secret);
  });

  after(async () => {
    await auth?.close();
    await database?.dispose();
  });

  const token = (form: Record<string, string>) => request(auth.server).post('/auth/oauth/token').auth(APP.id, APP.secret).type('form').send(form);

  it(`answers ${PARALLEL} refreshes sent at once, and the shared table holds every one`, async () => {
    const refreshTokens: string[] = [];
    for (let i = 0; i < PARALLEL; i++) {
      refreshTokens.push((await token({ grant_type: 'password', username: 'admin', password: 'any' }).expect(200)).body.refresh_token as string);
    }
    const answers = await Promise.all(refreshTokens.map((refresh) => token({ grant_type: 'refresh_token', refresh_token: refresh })));
    expect(answers.map((answer) => answer.status)).to.deep.equal(refreshTokens.map(() => 200));
    const rows = (await auth.container.get<import('typeorm').DataSource>(TYPES.DataSource).query(
      "SELECT key, points FROM attempt_counters WHERE key LIKE 'refresh:user:%'",
    )) as Array<{ key: string; points: number }>;
    // One user (the stub's admin): every refresh counted once on the shared store, none only in memory.
    expect(rows.reduce((sum, row) => sum + Number(row.points), 0)).to.equal(PARALLEL);
  });

  it(`keeps ${IN_FLIGHT} refreshes in flight for ${SUSTAINED} refresh tokens: every one answered and counted in the shared table`, async () => {
    const refreshTokens: string[] = [];
    for (let i = 0; i < SUSTAINED; i++) {
      refreshTokens.push((await token({ grant_type: 'password', username: 'admin', password: 'any' }).expect(200)).body.refresh_token as string);
    }
    const statuses: number[] = [];
    let next = 0;
    // Each of IN_FLIGHT senders sends its next refresh as soon as its last one is answered, as a loaded client pool does.
    const sender = async () => {
      while (next < refreshTokens.length) statuses.push((await token({ grant_type: 'refresh_token', refresh_token: refreshTokens[next++]! })).status);
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
    expect(statuses).to.deep.equal(refreshTokens.map(() => 200));
    const rows = (await auth.container.get<import('typeorm').DataSource>(TYPES.DataSource).query(
      "SELECT count(*) AS families, sum(points) AS points FROM attempt_counters WHERE key LIKE 'refresh:family:%'",
    )) as Array<{ families: number; points: number }>;
    // Every family of both runs counted once on the shared store: a count that fell back to memory is missing here.
    expect(rows[0]).to.deep.equal({ families: PARALLEL + SUSTAINED, points: PARALLEL + SUSTAINED });
  });
});
