import { execFileSync, spawnSync } from 'node:child_process';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOADED_PACKAGES, probeLoadedPackages as probe } from '../support/loadedPackagesProbe';

const COMPOSITION = join(__dirname, '..', '..', 'dist/src/interfaces/composition');

/**
 * Runs a compiled CLI as its own main module (as `npm run users -- list` does) and returns its exit
 * code, output and the npm packages it had loaded when it exited.
 */
function runCli(file: string, args: readonly string[], databaseFile: string): { status: number | null; stdout: string; loaded: string[] } {
  const script = `process.argv = [process.execPath, ${JSON.stringify(join(COMPOSITION, file))}, ...${JSON.stringify(args)}];
    process.on('exit', () => process.stderr.write('\\nLOADED ' + JSON.stringify(${LOADED_PACKAGES}) + '\\n'));
    require('module').runMain();`;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH, AUTH_DATABASE_URL: `sqlite:${databaseFile}` } });
  const line = result.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  return { status: result.status, stdout: result.stdout, loaded: line ? (JSON.parse(line.slice('LOADED '.length)) as string[]) : [] };
}

/** Packages start-up does not need (~400 modules, ~80 ms of CPU on the 2-core VM): loaded by the first request that does. */
const VALIDATION = ['class-validator', 'validator', 'libphonenumber-js'];

describe('start-up loads only what start-up needs (compiled service)', function () {
  this.timeout(120_000);
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'startup-modules-'));
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the entry point reads the configuration and starts the first key before it loads typeorm, express or inversify', () => {
    // Required, not run (require.main is not the entry): what its own imports load.
    const entry = join(__dirname, '..', '..', 'dist/src/interfaces/composition/authServer.js');
    const script = `require(${JSON.stringify(entry)});
      console.log(JSON.stringify(${LOADED_PACKAGES}));`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()) as string[];
    expect(loaded).not.to.include.members(['typeorm']);
    expect(loaded).not.to.include.members(['express']);
    expect(loaded).not.to.include.members(['inversify']);
    expect(loaded).not.to.include.members(['sqlite3']);
  });

  it('the operator CLIs (users, keys, clients) work on the store without loading an HTTP framework', () => {
    for (const [file, answer] of [['usersCli.js', /^account\t/], ['keysCli.js', /^no keys$/m], ['clientsCli.js', /^no registered clients$/m]] as const) {
      const run = runCli(file, ['list'], join(dir, 'cli.sqlite'));
      expect(run.status, file).to.equal(0);
      expect(run.stdout, file).to.match(answer);
      expect(run.loaded, file).to.include('typeorm');
      for (const framework of ['express', 'inversify-express-utils', 'body-parser', 'class-validator']) expect(run.loaded, file).not.to.include(framework);
    }
  });

  it("starts without class-validator, the OpenAPI schema generator, jsonwebtoken or prom-client's default metrics, and a usual login loads none of them", async () => {
    const run = await probe({ AUTH_DATABASE_URL: `sqlite:${join(dir, 'usual.sqlite')}` }, [
      { path: '/auth/oauth/jwt/token', body: { username: 'admin', password: 'admin' } },
    ]);
    expect(run.statuses).to.deep.equal([200]);
    for (const loaded of [run.afterStart, run.afterFirstUse]) {
      expect(loaded).to.include('typeorm');
      expect(loaded).not.to.include('class-validator');
      expect(loaded).not.to.include('libphonenumber-js');
      expect(loaded).not.to.include('class-validator-jsonschema');
      expect(loaded).not.to.include('jsonwebtoken');
      expect(loaded).not.to.include('@opentelemetry/api');
    }
  });

  it('loads class-validator for a login body the plain check cannot settle, and the schema generator for the OpenAPI document', async () => {
    const run = await probe({ AUTH_DATABASE_URL: `sqlite:${join(dir, 'unusual.sqlite')}` }, [
      { path: '/auth/oauth/jwt/token', body: { username: 'admin', password: 42 } },
      { path: '/auth/v3/api-docs' },
    ]);
    expect(run.statuses).to.deep.equal([400, 200]);
    expect(run.afterStart).not.to.include('class-validator');
    expect(run.afterFirstUse).to.include.members([...VALIDATION, 'class-validator-jsonschema']);
  });

  it("serves prom-client's process metrics on the first scrape, loading them then", async () => {
    const run = await probe({ AUTH_DATABASE_URL: `sqlite:${join(dir, 'scrape.sqlite')}` }, [{ path: '/auth/actuator/prometheus' }]);
    expect(run.statuses).to.deep.equal([200]);
    expect(run.afterStart).not.to.include('@opentelemetry/api');
    expect(run.afterFirstUse).to.include('@opentelemetry/api');
  });

  it('loads jsonwebtoken at start-up only when AUTH_TOKEN_SIGNER=jsonwebtoken, and signs with it', async () => {
    const run = await probe({ AUTH_DATABASE_URL: `sqlite:${join(dir, 'jwt.sqlite')}`, AUTH_TOKEN_SIGNER: 'jsonwebtoken' }, [
      { path: '/auth/oauth/jwt/token', body: { username: 'admin', password: 'admin' } },
    ]);
    expect(run.statuses).to.deep.equal([200]);
    expect(run.afterStart).to.include('jsonwebtoken');
  });
});
