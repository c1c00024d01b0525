import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { nodeArgsFor } from '../support/entryPoint';

const ROOT = join(__dirname, '..', '..');
const AUTH_ENTRY = join(ROOT, 'src', 'interfaces', 'composition', 'authServer.ts');
const DEMO_ENTRY = join(ROOT, 'src', 'interfaces', 'composition', 'clientDemo.ts');
const BASE_ENV = { PATH: process.env.PATH ?? '', AUTH_DATABASE_URL: 'sqlite::memory:', PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'info' };

function start(entry: string, env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, nodeArgsFor(entry), { cwd: ROOT, env: { ...BASE_ENV, ...env }, encoding: 'utf8', timeout: 30_000 });
}

describe('weak client secrets and NODE_ENV=production', function () {
  this.timeout(60_000);

  it('the auth service refuses to start with AUTH_CLIENTS=orders:123456: exit 1, one stderr line naming the client, not the secret', () => {
    const run = start(AUTH_ENTRY, { AUTH_USER_STORE: 'database', AUTH_CLIENTS: 'orders:123456' });
    expect(run.status).to.equal(1);
    expect(run.stdout).to.equal('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include('"orders"').and.include('NODE_ENV=production').and.not.include('123456');
  });

  it('the demo client refuses to start with its default secret: exit 1, naming its appId, not the secret', () => {
    const run = start(DEMO_ENTRY, {});
    expect(run.status).to.equal(1);
    expect(run.stderr).to.include('AUTH_APP_SECRET of client "auth-client-demo"').and.not.include('123456');
  });
});
