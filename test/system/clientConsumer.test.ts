import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';
import { consumerLockfile } from '../support/consumerLockfile';
import { measureInstalledTree } from '../support/installedTree';

const ROOT = join(__dirname, '../..');
const PACKAGE_DIR = join(ROOT, 'packages/client');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
/**
 * What a consumer's install may weigh at most, peers and their types included: measured 28.4 MB and
 * 130 packages (13 MB of it libphonenumber-js, which class-validator brings), against 161 MB and 293
 * top-level packages when a consumer had to install the whole auth service.
 */
const MAX_INSTALL_BYTES = 40 * 1024 * 1024;
/** The heavy parts of the auth service a client service must never receive. */
const SERVICE_ONLY = ['sqlite3', 'pg', 'typeorm', 'swagger-ui-express', 'node-forge', 'prom-client', 'rate-limiter-flexible'];

/** The consumer's peers and types, at the versions the root installed, so the npm cache holds them. */
function lockedVersion(name: string): string {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`${name} is not in package-lock.json`);
  return version;
}

/** The environment of a child npm: the caller's, without what `npm test` itself sets for its own package. */
function npmEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^npm_/i.test(key) && !/^npm_config_(cache|userconfig|registry)$/i.test(key)) delete env[key];
  }
  return env;
}

function run(command: string, args: readonly string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, env: npmEnv(), encoding: 'utf8', timeout: 240_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** The consumer: a plain Express service protecting one route with the package's middleware. */
const SERVER_TS = `
import 'reflect-metadata';
import express from 'express';
import { createTokenMiddleware, currentUserOf, type CurrentUserDetails } from '@auth-service/client';

const guard = createTokenMiddleware({
  authServerUrl: process.env.AUTH_URL as string,
  appId: 'orders',
  appSecret: 'secret',
  passList: ['/health'],
  refreshCron: '0 0 0 1 1 *',
});
const app = express();
app.use('/orders-service', guard.middleware);
app.get('/orders-service/health', (_req, res) => { res.json({ status: 'UP' }); });
app.get('/orders-service/me', (_req, res) => {
  const user: CurrentUserDetails | null = currentUserOf(res);
  res.json({ account: user?.account });
});
void guard.start().then(() => {
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
  });
});
`;

describe('a consumer service installing the packed @auth-service/client (offline, from the npm cache)', function () {
  // npm pack, an offline install and a tsc run on a busy 2-core machine: generous, but bounded.
  this.timeout(480_000);

  let consumer: string;
  let running: RunningAuthServer;
  let child: ChildProcess | undefined;
  let consumerOrigin: string;

  before(async () => {
    if (!existsSync(join(PACKAGE_DIR, 'dist/index.d.ts'))) throw new Error('packages/client/dist is missing: run `npm run build` first (npm test does)');
    consumer = mkdtempSync(join(tmpdir(), 'client-consumer-'));
    // The build already ran (npm test's pretest), so the pack skips prepack's build.
    const packed = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', consumer], PACKAGE_DIR)) as Array<{ filename: string }>;
    const tarball = join(consumer, packed[0].filename);
    const dependencies: Record<string, string> = { '@auth-service/client': `file:${packed[0].filename}` };
    for (const name of ['express', 'inversify', 'inversify-express-utils', 'reflect-metadata', '@types/express', '@types/node']) dependencies[name] = lockedVersion(name);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'orders-service', version: '1.0.0', private: true, dependencies }, null, 2));
    // The versions the repository resolved, so every tarball comes from the npm cache.
    const lock = consumerLockfile(join(ROOT, 'package-lock.json'), tarball, { name: 'orders-service', dependencies });
    writeFileSync(join(consumer, 'package-lock.json'), JSON.stringify(lock, null, 2));
    run('npm', ['install', '--offline', '--no-audit', '--no-fund'], consumer);
    writeFileSync(join(consumer, 'server.ts'), SERVER_TS);
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        // skipLibCheck as `tsc --init` writes it: the consumer's code is checked against the package's types, the
        // libraries' own .d.ts files are not re-checked (that alone took two thirds of the compile).
        compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, esModuleInterop: true, skipLibCheck: true, types: ['node'], outDir: 'out' },
        files: ['server.ts'],
      }),
    );
    running = await startAuthServer();
  });

  after(async () => {
    child?.kill();
    await running?.auth.close();
    if (consumer) rmSync(consumer, { recursive: true, force: true });
  });

  it('installs a small tree without native modules or the auth service’s database, ORM and Swagger packages', () => {
    const tree = measureInstalledTree(join(consumer, 'node_modules'));
    console.log(`      consumer node_modules: ${(tree.bytes / 1024 / 1024).toFixed(1)} MB, ${tree.packages.length} packages`);
    expect(tree.nativeFiles, 'native modules (*.node, binding.gyp)').to.deep.equal([]);
    expect(tree.packages.filter((name) => SERVICE_ONLY.includes(name))).to.deep.equal([]);
    expect(tree.packages).to.include.members(['@auth-service/client', 'jsonwebtoken', 'express', 'inversify']);
    expect(tree.bytes).to.be.below(MAX_INSTALL_BYTES);
  });

  it('compiles a TypeScript consumer against the package’s own types', () => {
    const result = spawnSync(process.execPath, [TSC, '-p', consumer], { cwd: consumer, encoding: 'utf8', timeout: 240_000 });
    expect(`${result.stdout}${result.stderr}`).to.equal('');
    expect(result.status).to.equal(0);
  });

  it('protects a route end to end: 200 with a token of the running auth service, 401 without', async () => {
    child = spawn(process.execPath, [join(consumer, 'out/server.js')], { cwd: consumer, env: { ...process.env, AUTH_URL: running.origin }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child!.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        const line = out.split('\n').find((text) => text.startsWith('{"port":'));
        if (line) resolve((JSON.parse(line) as { port: number }).port);
      });
      child!.once('exit', (code) => reject(new Error(`the consumer exited (${code}): ${stderr}`)));
    });
    consumerOrigin = `http://127.0.0.1:${port}`;
    const login = await request(running.auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200);
    const token = (login.body as { data: { access_token: string } }).data.access_token;

    const me = await request(consumerOrigin).get('/orders-service/me').set('Authorization', `Bearer ${token}`);
    expect(me.status, JSON.stringify(me.body)).to.equal(200);
    expect(me.body).to.deep.equal({ account: 'admin' });
    const anonymous = await request(consumerOrigin).get('/orders-service/me');
    expect(anonymous.status).to.equal(401);
    expect(anonymous.headers['www-authenticate']).to.match(/^Bearer/);
    expect((await request(consumerOrigin).get('/orders-service/health').expect(200)).body).to.deep.equal({ status: 'UP' });
  });
});
