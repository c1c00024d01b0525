import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import ts from 'typescript';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';
import { measureInstalledTree } from '../support/installedTree';

const ROOT = join(__dirname, '../..');
const PACKAGE_DIR = join(ROOT, 'packages/client');
/** Issue 19's targets for the packed tarball installed with express alone in a fresh folder. */
const MAX_INSTALL_MB = 16;
const MAX_PACKAGES = 105;
const MAX_MODULES_ON_REQUIRE = 80;
/** The heavy parts of the auth service (and the old client's extras) a client service must never receive. */
const NEVER_INSTALLED = ['sqlite3', 'pg', 'typeorm', 'swagger-ui-express', 'node-forge', 'prom-client', 'class-validator', 'pino', 'pino-http', 'helmet', 'inversify'];

/** The environment of a child npm: the caller's, without what `npm test` itself sets for its own package. */
function npmEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^npm_/i.test(key) && !/^npm_config_(cache|userconfig|registry)$/i.test(key)) delete env[key];
  }
  return env;
}

function run(command: string, args: readonly string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, env: npmEnv(), encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** Starts `node file` in the consumer and resolves its origin once it prints `listening on <port>`. */
function startExample(consumer: string, file: string, authOrigin: string, children: ChildProcess[]): Promise<string> {
  const child = spawn(process.execPath, [file], {
    cwd: consumer,
    env: { ...process.env, AUTH_SERVER_URL: authOrigin, APP_SECRET: 'secret', PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const port = /listening on (\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}): ${stderr}`)));
  });
}

describe('a consumer service installing the packed @auth-service/client from the npm registry', function () {
  // npm pack and two installs from the registry on a busy 2-core machine: generous, but bounded.
  this.timeout(600_000);

  let workspace: string;
  let tarball: string;
  let running: RunningAuthServer;
  let token: string;
  const children: ChildProcess[] = [];

  before(async () => {
    if (!existsSync(join(PACKAGE_DIR, 'dist/index.d.ts'))) throw new Error('packages/client/dist is missing: run `npm run build` first (npm test does)');
    workspace = mkdtempSync(join(tmpdir(), 'client-consumer-'));
    // The build already ran (npm test's pretest), so the pack skips prepack's build.
    const packed = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', workspace], PACKAGE_DIR)) as Array<{ filename: string }>;
    tarball = join(workspace, packed[0].filename);
    running = await startAuthServer();
    const login = await request(running.auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200);
    token = (login.body as { data: { access_token: string } }).data.access_token;
  });

  after(async () => {
    for (const child of children) child.kill();
    await running?.auth.close();
    if (workspace) rmSync(workspace, { recursive: true, force: true });
  });

  for (const express of ['4', '5']) {
    describe(`with express@${express}`, () => {
      let consumer: string;

      before(() => {
        consumer = mkdtempSync(join(workspace, `express${express}-`));
        writeFileSync(
          join(consumer, 'package.json'),
          JSON.stringify({ name: 'orders-service', version: '1.0.0', private: true, dependencies: { '@auth-service/client': `file:${tarball}`, express: `^${express}` } }, null, 2),
        );
        // --prefer-offline: what npm's cache already holds (npm ci filled it) is not revalidated; the rest comes from the registry.
        run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'], consumer);
      });

      it(`installs within ${MAX_INSTALL_MB} MB and ${MAX_PACKAGES} packages, no native module; require loads at most ${MAX_MODULES_ON_REQUIRE} modules, no framework`, () => {
        const tree = measureInstalledTree(join(consumer, 'node_modules'));
        const probe = [
          "require('@auth-service/client');",
          'const files = Object.keys(require.cache);',
          "console.log(JSON.stringify({ modules: files.length, frameworks: files.filter((file) => /node_modules[\\\\/](express|inversify|inversify-express-utils|reflect-metadata)[\\\\/]/.test(file)) }));",
        ].join('\n');
        const loaded = JSON.parse(run(process.execPath, ['-e', probe], consumer)) as { modules: number; frameworks: string[] };
        const megabytes = tree.bytes / 1024 / 1024;
        console.log(`      express@${express} consumer: ${megabytes.toFixed(1)} MB, ${tree.packages.length} packages, ${loaded.modules} modules on require('@auth-service/client')`);
        expect(tree.nativeFiles, 'native modules (*.node, binding.gyp)').to.deep.equal([]);
        expect(tree.packages.filter((name) => NEVER_INSTALLED.includes(name))).to.deep.equal([]);
        expect(megabytes).to.be.at.most(MAX_INSTALL_MB);
        expect(tree.packages.length).to.be.at.most(MAX_PACKAGES);
        expect(loaded.frameworks).to.deep.equal([]);
        expect(loaded.modules).to.be.at.most(MAX_MODULES_ON_REQUIRE);
      });

      it("runs the README's plain-Express example against the running auth service: 200 with its token, 401 without", async () => {
        copyFileSync(join(PACKAGE_DIR, 'examples/plainExpress.js'), join(consumer, 'server.js'));
        const origin = await startExample(consumer, 'server.js', running.origin, children);
        const me = await request(origin).get('/orders-service/me').set('Authorization', `Bearer ${token}`);
        expect(me.status, JSON.stringify(me.body)).to.equal(200);
        expect(me.body).to.include({ account: 'admin' });
        const anonymous = await request(origin).get('/orders-service/me').expect(401);
        expect(anonymous.headers['www-authenticate']).to.equal('Bearer');
        expect((await request(origin).get('/orders-service/health').expect(200)).body).to.deep.equal({ status: 'UP' });
      });

      if (express === '4') {
        // inversify-express-utils 6 supports express 4 only.
        it("runs the README's inversify example (with the optional peers installed): @currentUser(), @skipToken(), 401 without a token", async () => {
          run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline', 'inversify@^6.2.0', 'inversify-express-utils@^6.5.0', 'reflect-metadata@^0.2.2'], consumer);
          const source = ts.sys.readFile(join(PACKAGE_DIR, 'examples/inversify.ts')) as string;
          const compiled = ts.transpileModule(source, {
            compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, esModuleInterop: true, experimentalDecorators: true, emitDecoratorMetadata: true },
          });
          writeFileSync(join(consumer, 'inversify.js'), compiled.outputText);
          const origin = await startExample(consumer, 'inversify.js', running.origin, children);
          const mine = await request(origin).get('/orders-service/orders/mine').set('Authorization', `Bearer ${token}`);
          expect(mine.status, JSON.stringify(mine.body)).to.equal(200);
          expect(mine.body).to.deep.equal({ owner: 'admin' });
          expect((await request(origin).get('/orders-service/orders/mine').expect(401)).body).to.deep.equal({ code: 'TOKEN_MISSING' });
          await request(origin).get('/orders-service/orders/ping').expect(200);
        });
      }
    });
  }
});
