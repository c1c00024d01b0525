import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { loadAuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';
import { nodeArgsFor } from '../support/entryPoint';
import { startUntilListening } from '../support/startUntilListening';

const ROOT = join(__dirname, '..', '..');
const ENTRY = join(ROOT, 'src', 'interfaces', 'composition', 'authServer.ts');
// Stopped right after it listens: no proxy in front, so no grace period or idle connections to wait out.
const BASE_ENV = { PATH: process.env.PATH ?? '', AUTH_DATABASE_URL: 'sqlite::memory:', PORT: '0', HOST: '127.0.0.1', AUTH_SHUTDOWN_GRACE_MS: '0', AUTH_SHUTDOWN_IDLE_CLOSE_MS: '0' };

describe('the stub login and NODE_ENV=production', function () {
  this.timeout(60_000);

  it('refuses to start in production without AUTH_USER_STORE: exit 1, one stderr line naming it', () => {
    const run = spawnSync(process.execPath, nodeArgsFor(ENTRY), {
      cwd: ROOT,
      env: { ...BASE_ENV, NODE_ENV: 'production', LOG_LEVEL: 'info' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).to.equal(1);
    expect(run.stdout).to.equal('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include('AUTH_USER_STORE').and.include('NODE_ENV=production');
  });

  it('starts in production with AUTH_USER_STORE=stub chosen explicitly, warning that any login is accepted', async () => {
    const log = await startUntilListening({ ...BASE_ENV, NODE_ENV: 'production', AUTH_USER_STORE: 'stub', LOG_LEVEL: 'info' });
    const warning = log.find((entry) => entry.level === 40 && /stub login is active/.test(String(entry.msg)));
    expect(warning, JSON.stringify(log)).not.to.equal(undefined);
    expect(log.some((entry) => entry.msg === 'auth service listening')).to.equal(true);
  });

  it('keeps the stub as the default outside production', () => {
    expect(loadAuthServerConfig({}).userStore).to.equal('stub');
    expect(loadAuthServerConfig({ NODE_ENV: 'development' }).userStore).to.equal('stub');
    expect(loadAuthServerConfig({ NODE_ENV: 'production', AUTH_USER_STORE: 'database' }).userStore).to.equal('database');
  });
});
