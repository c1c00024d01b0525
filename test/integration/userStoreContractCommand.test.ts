import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';

const ROOT = join(__dirname, '..', '..');
const MODULES = 'test/support/userStoreModules';

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `npm run test:user-store -- …args` from the repository root, the password given on standard input. */
function contract(args: readonly string[], stdin: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'test:user-store', '--', ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('npm run test:user-store: the user-store contract against a module', function () {
  this.timeout(60_000);

  it('passes a good ES module (exit 0), the password read from standard input', async () => {
    const run = await contract([`${MODULES}/memoryUserStore.mjs`, '--account', 'carol', '--password-stdin', '--disabled-account', 'dave'], 'carol-password-1\n');

    expect(run.code, run.stdout + run.stderr).to.equal(0);
    expect(run.stdout).to.include('8 passing').and.include('1 pending').and.include('the disabled account gives null');
    expect(run.stdout + run.stderr).not.to.include('carol-password-1');
  });

  it('passes a good CommonJS module with findById', async () => {
    const run = await contract([`${MODULES}/memoryUserStore.cjs`, '--account', 'alice', '--password-stdin', '--disabled-account', 'bob'], 'alice-password-1');

    expect(run.code, run.stdout + run.stderr).to.equal(0);
    expect(run.stdout).to.include('9 passing');
  });

  it('fails a careless module (exit 1), naming each property it breaks and only those', async () => {
    const run = await contract([`${MODULES}/carelessUserStore.cjs`, '--account', 'erin', '--password-stdin', '--disabled-account', 'frank'], 'erin-password-1\n');

    expect(run.code, run.stdout + run.stderr).to.equal(1);
    const summary = run.stderr.trim().split('\n').pop();
    expect(summary).to.equal(
      'the module breaks the user-store contract: ' +
        [
          "the known user's fields have the right types and sizes",
          "the known user's fields hold no control characters",
          'a wrong password gives null',
          'the disabled account gives null',
          'an unknown account is not answered much faster than a wrong password',
        ].join('; '),
    );
    expect(run.stdout).to.include('id: expected a non-empty string, got number').and.include('nickName: holds a control character');
  });

  it('fails a module that does not load once, naming it, instead of as every property', async () => {
    const run = await contract([`${MODULES}/withoutAuthenticate.mjs`, '--account', 'x', '--password-stdin'], 'pw\n');

    expect(run.code).to.equal(1);
    expect(run.stderr.trim()).to.equal(`AUTH_USER_STORE module "${MODULES}/withoutAuthenticate.mjs" does not export authenticate(username, password) as a function (named, or on its default export)`);
    expect(run.stdout).not.to.include('failing');
  });

  it('refuses to run without --password-stdin or a password, and never takes one on the command line', async () => {
    for (const [args, message] of [
      [[`${MODULES}/memoryUserStore.mjs`, '--account', 'carol'], '--password-stdin is required'],
      [[`${MODULES}/memoryUserStore.mjs`, '--account', 'carol', '--password', 'carol-password-1'], '--password is not taken'],
      [[`${MODULES}/memoryUserStore.mjs`, '--password-stdin'], '--account is required'],
    ] as const) {
      const run = await contract(args, 'carol-password-1\n');
      expect(run.code, args.join(' ')).to.equal(2);
      expect(run.stderr).to.include(message).and.include('usage: npm run test:user-store');
    }
    const empty = await contract([`${MODULES}/memoryUserStore.mjs`, '--account', 'carol', '--password-stdin'], '');
    expect(empty.code).to.equal(2);
    expect(empty.stderr).to.include('no password on standard input');
  });
});
