import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DIST = join(__dirname, '..', '..', 'dist');

interface Probe {
  readonly afterStart: string[];
  readonly afterDocs: string[];
  readonly statuses: number[];
}

/**
 * Builds the compiled auth service in a fresh process (`npm run build` first),
 * and lists the npm packages loaded after start-up and after a request to the
 * Swagger UI and the OpenAPI document.
 */
function probe(databaseFile: string): Promise<Probe> {
  const script = `
    require('reflect-metadata');
    const { buildAuthServer } = require(${JSON.stringify(join(DIST, 'src/interfaces/composition/authServer.js'))});
    const { loadAuthServerConfig } = require(${JSON.stringify(join(DIST, 'src/infrastructure/config/AuthServerConfig.js'))});
    const loaded = () => [...new Set(Object.keys(require.cache).map((f) => (/node_modules\\/((@[^/]+\\/)?[^/]+)\\//.exec(f) || [])[1]).filter(Boolean))];
    (async () => {
      const auth = await buildAuthServer(loadAuthServerConfig({ PORT: '0', LOG_LEVEL: 'silent', AUTH_ISSUER: 'http://localhost/auth',
        AUTH_DATABASE_URL: ${JSON.stringify(`sqlite:${databaseFile}`)}, AUTH_RSA_BITS: '2048', AUTH_SHUTDOWN_IDLE_CLOSE_MS: '0' }));
      const afterStart = loaded();
      const { port } = await auth.listen(0);
      const statuses = [];
      for (const path of ['/auth/swagger-ui/', '/auth/swagger-ui/swagger-ui.css', '/auth/v3/api-docs']) statuses.push((await fetch('http://127.0.0.1:' + port + path)).status);
      const afterDocs = loaded();
      await auth.close();
      console.log(JSON.stringify({ afterStart, afterDocs, statuses }));
    })().catch((error) => { console.error(error); process.exit(1); });`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script], { timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout.trim().split('\n').pop()!) as Probe);
    });
  });
}

describe('heavy modules load only when used (compiled service)', function () {
  this.timeout(120_000);
  let dir: string;
  let first: Probe;
  let second: Probe;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lazy-modules-'));
    first = await probe(join(dir, 'auth.sqlite'));
    second = await probe(join(dir, 'auth.sqlite'));
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('starts without swagger-ui-express and without the PostgreSQL driver', () => {
    for (const run of [first, second]) {
      expect(run.afterStart).to.include('express');
      expect(run.afterStart).not.to.include('swagger-ui-express');
      expect(run.afterStart).not.to.include('swagger-ui-dist');
      expect(run.afterStart).not.to.include('pg');
    }
  });

  it('loads node-forge only in the process that generates the RSA key', () => {
    expect(first.afterStart).to.include('node-forge');
    expect(second.afterStart).not.to.include('node-forge');
  });

  it('serves the Swagger UI, its assets and the OpenAPI document on first request', () => {
    expect(second.statuses).to.deep.equal([200, 200, 200]);
    expect(second.afterDocs).to.include('swagger-ui-express');
  });
});
