import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { nodeArgsFor } from '../support/entryPoint';

const ROOT = join(__dirname, '..', '..');
const ENTRY = join(ROOT, 'src', 'interfaces', 'composition', 'authServer.ts');

/** Runs the real entry point (as `npm start` does, from source) with the given environment. */
function startWith(env: Record<string, string>): { status: number | null; stderr: string; stdout: string } {
  const result = spawnSync(process.execPath, nodeArgsFor(ENTRY), {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', AUTH_DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout };
}

describe('startup with a bad configuration', () => {
  let run: { status: number | null; stderr: string; stdout: string };

  before(() => {
    run = startWith({ PORT: 'eighty', AUTH_SIGN_METHOD: 'ecdsa', AUTH_SIGN_ALG: 'RS256', AUTH_TOKEN_TTL_SECONDS: '0' });
  });

  it('stops with exit code 1 before listening or logging anything', () => {
    expect(run.status).to.equal(1);
    expect(run.stdout).to.equal('');
  });

  it('writes one line naming every bad variable, and only those', () => {
    const lines = run.stderr.trim().split('\n');
    expect(lines).to.have.length(1);
    for (const name of ['PORT', 'AUTH_SIGN_ALG', 'AUTH_TOKEN_TTL_SECONDS']) expect(lines[0]).to.include(name);
    expect(lines[0]).not.to.include('AUTH_ISSUER');
  });
});
