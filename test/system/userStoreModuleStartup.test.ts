import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { nodeArgsFor } from '../support/entryPoint';
import { startUntilListening } from '../support/startUntilListening';

const ROOT = join(__dirname, '..', '..');
const ENTRY = join(ROOT, 'src', 'interfaces', 'composition', 'authServer.ts');
const MODULES = 'test/support/userStoreModules';
const BASE_ENV = { PATH: process.env.PATH ?? '', AUTH_DATABASE_URL: 'sqlite::memory:', PORT: '0', HOST: '127.0.0.1', AUTH_SHUTDOWN_GRACE_MS: '0', AUTH_SHUTDOWN_IDLE_CLOSE_MS: '0' };

/** Runs the real entry point from the repository root (module paths are relative to the working directory). */
function startWith(env: Record<string, string>): { status: number | null; stderr: string; stdout: string } {
  const run = spawnSync(process.execPath, nodeArgsFor(ENTRY), { cwd: ROOT, env: { ...BASE_ENV, LOG_LEVEL: 'info', ...env }, encoding: 'utf8', timeout: 30_000 });
  return { status: run.status, stderr: run.stderr, stdout: run.stdout };
}

describe('start-up with AUTH_USER_STORE=module:<path>', function () {
  this.timeout(60_000);

  for (const [module, problem] of [
    ['no/such/store.js', `cannot be loaded from ${join(ROOT, 'no/such/store.js')}: there is no such file`],
    [`${MODULES}/throwsWhileLoading.cjs`, `cannot be loaded from ${join(ROOT, MODULES, 'throwsWhileLoading.cjs')}: cannot find the user database settings`],
    [`${MODULES}/withoutAuthenticate.mjs`, 'does not export authenticate(username, password) as a function (named, or on its default export)'],
    [`${MODULES}/findByIdNotAFunction.cjs`, 'exports findById, but as string, not a function'],
  ]) {
    it(`stops with exit 1 and one stderr line naming ${module} and what is wrong, before listening or logging`, () => {
      const run = startWith({ AUTH_USER_STORE: `module:${module}` });

      expect(run.status, run.stderr).to.equal(1);
      expect(run.stdout).to.equal('');
      expect(run.stderr.trim().split('\n')).to.deep.equal([`auth service failed to start: AUTH_USER_STORE module ${JSON.stringify(module)} ${problem}`]);
    });
  }

  it('stops on AUTH_USER_STORE=module without a path, as a configuration problem', () => {
    const run = startWith({ AUTH_USER_STORE: 'module' });

    expect(run.status).to.equal(1);
    expect(run.stderr.trim().split('\n')).to.have.length(1);
    expect(run.stderr).to.include('AUTH_USER_STORE=module needs the path of the module: module:<path>');
  });

  it('starts under NODE_ENV=production with a module that loads, without the stub warning', async () => {
    const log = await startUntilListening({ ...BASE_ENV, NODE_ENV: 'production', LOG_LEVEL: 'info', AUTH_USER_STORE: `module:./${MODULES}/memoryUserStore.mjs` });

    expect(log.find((entry) => entry.msg === 'login ready')).to.include({ userStore: 'module' });
    expect(log.some((entry) => /stub login/.test(String(entry.msg)))).to.equal(false);
    expect(log.some((entry) => entry.msg === 'auth service listening')).to.equal(true);
  });
});
