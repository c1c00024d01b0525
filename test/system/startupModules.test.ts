import { execFileSync } from 'node:child_process';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeLoadedPackages as probe } from '../support/loadedPackagesProbe';

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
      console.log(JSON.stringify([...new Set(Object.keys(require.cache).map((f) => (/node_modules\\/((@[^/]+\\/)?[^/]+)\\//.exec(f) || [])[1]).filter(Boolean))]));`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()) as string[];
    expect(loaded).not.to.include.members(['typeorm']);
    expect(loaded).not.to.include.members(['express']);
    expect(loaded).not.to.include.members(['inversify']);
    expect(loaded).not.to.include.members(['sqlite3']);
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
