import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { Client } from 'pg';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { authTestConfig } from '../support/authTestServer';
import { basic } from '../support/oauthTestHttp';
import { PostgresDatabase } from '../support/postgresDatabase';

const ROOT = join(__dirname, '..', '..');
const EXAMPLE = 'examples/user-store/postgres-bcrypt.js';
const CLIENT = basic('svc-a', 'secret-a');
/** bcrypt's cheapest cost: the example's behaviour does not depend on it, the suite's time does. */
const COST = 4;

/** The table of docs/user-store.md, as an application would have it. */
const TABLE = `CREATE TABLE app_users (
  id bigserial PRIMARY KEY, login text NOT NULL UNIQUE, display_name text NOT NULL, email text, phone text,
  password_hash text NOT NULL, is_active boolean NOT NULL DEFAULT true)`;

describe('the worked example: a PostgreSQL table with bcrypt hashes (docs/user-store.md)', function () {
  this.timeout(60_000);
  let database: PostgresDatabase;
  let users: Client;
  let auth: AuthServer;
  const savedEnv = { url: process.env.USER_DB_URL, cost: process.env.USER_DB_BCRYPT_COST };

  before(async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bcrypt = require('bcryptjs') as { hashSync(password: string, cost: number): string };
    database = await PostgresDatabase.create();
    users = new Client({ connectionString: database.url });
    await users.connect();
    await users.query(TABLE);
    const insert = 'INSERT INTO app_users (login, display_name, email, password_hash, is_active) VALUES ($1, $2, $3, $4, $5)';
    await users.query(insert, ['alice', 'Alice', 'alice@example.com', bcrypt.hashSync('alice-password-1', COST), true]);
    await users.query(insert, ['bob', 'Bob', null, bcrypt.hashSync('bob-password-1', COST), false]);
    // The module reads its settings when the service loads it.
    process.env.USER_DB_URL = database.url;
    process.env.USER_DB_BCRYPT_COST = String(COST);
    auth = await buildAuthServer(authTestConfig({ AUTH_USER_STORE: `module:${EXAMPLE}`, AUTH_CLIENTS: 'svc-a:secret-a' }));
  });

  after(async () => {
    await auth?.close();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    await (require(join(ROOT, EXAMPLE)) as { close(): Promise<void> }).close();
    await users?.end();
    await database?.drop();
    process.env.USER_DB_URL = savedEnv.url;
    process.env.USER_DB_BCRYPT_COST = savedEnv.cost;
    if (savedEnv.url === undefined) delete process.env.USER_DB_URL;
    if (savedEnv.cost === undefined) delete process.env.USER_DB_BCRYPT_COST;
  });

  const login = (username: string, password: string) => request(auth.server).post('/auth/oauth/jwt/token').send({ username, password });
  const passwordGrant = (username: string, password: string) =>
    request(auth.server).post('/auth/oauth/token').type('form').set('Authorization', CLIENT).send({ grant_type: 'password', username, password });

  it('logs a user of the table in through the service, its row id as the subject', async () => {
    const res = await login('Alice', 'alice-password-1');

    expect(res.status, res.text).to.equal(200);
    expect(res.body.data.info).to.include({ nickName: 'Alice' });
    const claims = JSON.parse(Buffer.from((res.body.data.access_token as string).split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(claims).to.include({ sub: '1', userId: '1', account: 'alice' });
  });

  it('answers a wrong password, an unknown account and an inactive row the same way', async () => {
    const answers = [await login('alice', 'wrong'), await login('nobody', 'alice-password-1'), await login('bob', 'bob-password-1')];

    for (const res of answers) expect([res.status, res.body.msg]).to.deep.equal([401, '用户名或密码错误']);
  });

  it('refuses the refresh and userinfo once the application deactivates the row', async () => {
    const grant = await passwordGrant('alice', 'alice-password-1');
    expect(grant.status, grant.text).to.equal(200);

    await users.query("UPDATE app_users SET is_active = false WHERE login = 'alice'");
    try {
      const refresh = await request(auth.server).post('/auth/oauth/token').type('form').set('Authorization', CLIENT).send({ grant_type: 'refresh_token', refresh_token: grant.body.refresh_token as string });
      const userinfo = await request(auth.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${grant.body.access_token as string}`);

      expect(refresh.status).to.equal(400);
      expect(refresh.body).to.include({ error: 'invalid_grant' });
      expect(userinfo.status).to.equal(401);
    } finally {
      await users.query("UPDATE app_users SET is_active = true WHERE login = 'alice'");
    }
  });

  it('passes npm run test:user-store', async () => {
    const run = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn('npm', ['run', '--silent', 'test:user-store', '--', EXAMPLE, '--account', 'alice', '--password-stdin', '--disabled-account', 'bob'], {
        cwd: ROOT,
        env: { ...process.env, USER_DB_URL: database.url, USER_DB_BCRYPT_COST: String(COST) },
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout }));
      // The disabled account's own password on the second line.
      child.stdin.end('alice-password-1\nbob-password-1\n');
    });

    expect(run.code, run.stdout).to.equal(0);
    expect(run.stdout).to.include('9 passing');
  });
});
