import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { nodeArgsFor } from '../support/entryPoint';

const ROOT = join(__dirname, '..', '..');
const DEMO_ENTRY = join(ROOT, 'src', 'interfaces', 'composition', 'clientDemo.ts');
/** Strong enough for production, so the only problem left is the transport. */
const SECRET = 'Zq7-rT2vX9pL4mK8sW1nB6cY3hJ5dF0g';
const BASE_ENV = {
  PATH: process.env.PATH ?? '',
  PORT: '0',
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  AUTH_APP_SECRET: SECRET,
  AUTH_SERVER_URL: 'http://auth.internal:8001',
};

describe('the demo client and a plain-http auth service URL under NODE_ENV=production', function () {
  this.timeout(60_000);

  it('refuses to start: exit 1, one stderr line naming the URL and AUTH_ALLOW_INSECURE_HTTP, never the secret', () => {
    // SIGKILL on timeout: a demo that does not refuse would otherwise keep running.
    const run = spawnSync(process.execPath, nodeArgsFor(DEMO_ENTRY), { cwd: ROOT, env: BASE_ENV, encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' });
    expect(run.status).to.equal(1);
    expect(run.stdout).to.equal('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include('AUTH_SERVER_URL http://auth.internal:8001 is plain http').and.include('AUTH_ALLOW_INSECURE_HTTP').and.not.include(SECRET);
  });

  it('starts with AUTH_ALLOW_INSECURE_HTTP=true (the service asked for it by name)', async () => {
    const child = spawn(process.execPath, nodeArgsFor(DEMO_ENTRY), {
      cwd: ROOT,
      // A short fetch timeout: nothing answers at auth.internal, and the demo comes up without a key.
      env: { ...BASE_ENV, AUTH_ALLOW_INSECURE_HTTP: 'true', AUTH_FETCH_TIMEOUT_MS: '200' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const listening = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 40_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('client demo listening')) {
          clearTimeout(timer);
          resolve(true);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(listening, output).to.equal(true);
    expect(output).to.not.include('is plain http');
    expect(await exited).to.equal(0);
  });
});
