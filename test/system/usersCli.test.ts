import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { authTestConfig } from '../support/authTestServer';
import { nodeArgsFor } from '../support/entryPoint';
import { fastPasswordHashing } from '../support/fastPasswordHashing';

const CLI = join(__dirname, '../../src/interfaces/composition/usersCli.ts');
const LOGIN = '/auth/oauth/jwt/token';
const REFUSED = { success: false, status: 401, msg: '用户名或密码错误', data: null };

interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the users CLI (what `npm run users -- …` runs from dist/) from source through ts-node, as a separate process. */
function users(databaseUrl: string, args: readonly string[], stdin = ''): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgsFor(CLI), ...args], {
      // Hashes at the tests' fast cost (N = 2^10), as the in-process service below verifies them.
      env: { ...process.env, AUTH_DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', AUTH_PASSWORD_HASH_COST: '10' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('users CLI and the database user store', function () {
  // Each CLI run starts a Node process with ts-node and hashes with scrypt.
  this.timeout(120_000);

  let folder: string;
  let databaseUrl: string;
  let auth: AuthServer;

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'auth-users-'));
    databaseUrl = `sqlite:${join(folder, 'auth.sqlite')}`;

    const added = await users(
      databaseUrl,
      ['add', '--account', 'alice', '--password-stdin', '--nick', 'Alice Liddell', '--type', '2', '--tenant', 't-9', '--email', 'alice@example.com'],
      'correct horse battery staple\n',
    );
    expect(added.stderr).to.equal('');
    expect(added.code).to.equal(0);
    expect(added.stdout).to.match(/^added user alice \(id [A-Za-z0-9_-]+, type 2\)\n$/);
    expect((await users(databaseUrl, ['add', '--account', 'bob', '--password-stdin', '--nick', 'Bob'], 'hunter22')).code).to.equal(0);

    const config = authTestConfig({ AUTH_USER_STORE: 'database', AUTH_DATABASE_URL: databaseUrl });
    auth = await buildAuthServer(config, { configure: fastPasswordHashing(config) });
  });

  after(async () => {
    await auth?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('logs in a user added by the CLI and signs its fields into the token and info', async () => {
    const response = await request(auth.server).post(LOGIN).send({ username: 'alice', password: 'correct horse battery staple' });

    expect(response.status).to.equal(200);
    expect(response.body.msg).to.equal('登录成功!');
    expect(response.body.data.info).to.deep.equal({ tenantId: 't-9', telephone: null, userType: '2', avatar: null, nickName: 'Alice Liddell', grade: null });
    const claims = jwt.decode(response.body.data.access_token) as Record<string, unknown>;
    expect(claims).to.include({ account: 'alice', nickName: 'Alice Liddell', userType: '2', tenantId: 't-9' });
    expect(claims.userId).to.be.a('string').and.equal(claims.sub);
    expect(claims).not.to.have.any.keys('telephone', 'avatar', 'grade', 'passwordHash');

    const details = await request(auth.server).get('/auth/current/user/details').set('Authorization', `Bearer ${response.body.data.access_token}`);
    expect(details.body.data).to.include({ id: claims.userId, account: 'alice', nickName: 'Alice Liddell', userType: '2', tenantId: 't-9' });
  });

  it('defaults the user type to the member type 4', async () => {
    const response = await request(auth.server).post(LOGIN).send({ username: 'bob', password: 'hunter22' });

    expect(response.status).to.equal(200);
    expect(response.body.data.info.userType).to.equal('4');
  });

  it('answers a wrong password and an unknown account identically', async () => {
    const wrong = await request(auth.server).post(LOGIN).send({ username: 'alice', password: 'Correct horse battery staple' });
    const unknown = await request(auth.server).post(LOGIN).send({ username: 'mallory', password: 'correct horse battery staple' });

    expect(wrong.status).to.equal(401);
    expect(unknown.status).to.equal(401);
    expect(wrong.body).to.deep.equal(REFUSED);
    expect(unknown.text).to.equal(wrong.text);
    const headers = (response: request.Response) => Object.keys(response.headers).filter((name) => !['date', 'x-request-id', 'ratelimit'].includes(name)).sort();
    expect(headers(unknown)).to.deep.equal(headers(wrong));
  });

  it('lists users without password hashes', async () => {
    // Two independent processes: started together, awaited together.
    const [listed, json] = await Promise.all([users(databaseUrl, ['list']), users(databaseUrl, ['list', '--json'])]);

    expect(listed.code).to.equal(0);
    expect(listed.stdout.split('\n').filter(Boolean).map((line) => line.split('\t').slice(0, 4))).to.deep.equal([
      ['account', 'status', 'userType', 'nickName'],
      ['alice', 'active', '2', 'Alice Liddell'],
      ['bob', 'active', '4', 'Bob'],
    ]);
    const parsed = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(parsed.map((user) => user.email)).to.deep.equal(['alice@example.com', null]);
    for (const output of [listed.stdout, json.stdout]) expect(output).not.to.match(/scrypt|hash/i);
  });

  it('refuses a duplicate account and a missing --password-stdin', async () => {
    const [duplicate, noStdin] = await Promise.all([
      users(databaseUrl, ['add', '--account', 'alice', '--password-stdin', '--nick', 'Again'], 'whatever'),
      users(databaseUrl, ['add', '--account', 'carol', '--nick', 'Carol']),
    ]);

    expect(duplicate.code).to.equal(1);
    expect(duplicate.stderr).to.equal('users: account "alice" already exists\n');
    expect(noStdin.code).to.equal(2);
    expect(noStdin.stderr).to.include('--password-stdin');
  });

  it('refuses a disabled user with the same answer, and lets it in again once enabled', async () => {
    const disabled = await users(databaseUrl, ['disable', 'bob']);
    const refused = await request(auth.server).post(LOGIN).send({ username: 'bob', password: 'hunter22' });
    const enabled = await users(databaseUrl, ['enable', 'bob']);
    const admitted = await request(auth.server).post(LOGIN).send({ username: 'bob', password: 'hunter22' });
    const unknown = await users(databaseUrl, ['disable', 'nobody']);

    expect([disabled.code, disabled.stdout]).to.deep.equal([0, 'disabled user bob\n']);
    expect(refused.status).to.equal(401);
    expect(refused.body).to.deep.equal(REFUSED);
    expect(enabled.code).to.equal(0);
    expect(admitted.status).to.equal(200);
    expect([unknown.code, unknown.stderr]).to.deep.equal([1, 'users: no user with account "nobody"\n']);
  });
});

describe('the operator CLIs answer --help with their usage and exit 0', function () {
  this.timeout(60_000);

  for (const [name, entry, usage] of [
    ['users', CLI, /Usage: npm run users/],
    ['keys', join(__dirname, '../../src/interfaces/composition/keysCli.ts'), /usage: npm run keys/],
  ] as const) {
    it(`${name} --help`, async () => {
      const result = await new Promise<CliResult>((resolve, reject) => {
        const child = spawn(process.execPath, [...nodeArgsFor(entry), '--help'], { env: { ...process.env, LOG_LEVEL: 'silent' } });
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr: '' }));
      });
      expect(result.code).to.equal(0);
      expect(result.stdout).to.match(usage);
    });
  }
});
