import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { AuthProcess, originOf, type LogLine } from '../support/authProcess';

const listening = (line: LogLine) => line.msg === 'auth service listening';

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('AUTH_WORKERS (node:cluster)', function () {
  this.timeout(120_000);

  let dir: string;
  let failing: AuthProcess;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'auth-workers-'));
    // Started now so that it fails while the first test runs (processes start in parallel, not one by one).
    failing = AuthProcess.start({
      AUTH_WORKERS: '2',
      AUTH_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/auth',
      AUTH_DATABASE_CONNECT_SECONDS: '0',
    });
  });
  after(async () => {
    await failing?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs N workers on one port, replaces a worker that dies, and stops them all on SIGTERM with exit 0', async () => {
    const auth = AuthProcess.start({ AUTH_WORKERS: '2', AUTH_DATABASE_URL: `sqlite:${join(dir, 'workers.sqlite')}` });
    try {
      const workers = await auth.waitForLog(listening, 2);
      const pids = workers.map((line) => line.pid);
      expect(new Set(pids).size).to.equal(2);
      expect(pids).not.to.include(auth.child.pid);
      expect(workers[0].port).to.equal(workers[1].port);
      const health = await fetch(`${originOf(workers[0].port as number)}/auth/actuator/health`);
      expect(health.status).to.equal(200);

      process.kill(pids[0] as number, 'SIGKILL');
      const [, , replacement] = await auth.waitForLog(listening, 3);
      expect(pids).not.to.include(replacement.pid);
      expect(replacement.port).to.equal(workers[0].port);
      expect(auth.lines.map((line) => line.msg)).to.include('worker died; starting a replacement');

      const exit = await auth.stop('SIGTERM');
      // The primary exits 0 only once every worker has exited, none with a failure code. Each worker's own
      // 'stopped' line is not asserted: which lines a worker gets out before exiting is not what this tests.
      expect(exit.code).to.equal(0);
      for (const pid of [pids[1], replacement.pid] as number[]) expect(running(pid), `worker ${pid} after the primary exited`).to.equal(false);
    } finally {
      await auth.stop('SIGKILL');
    }
  });

  it('exits 1 when a worker cannot start, with the worker’s reason on stderr', async () => {
    const auth = failing;

    const exit = await auth.exited;

    expect(exit.code).to.equal(1);
    expect(auth.stderr).to.match(/^auth service failed to start: could not open the postgres database within 0 s: .*ECONNREFUSED/);
    expect(auth.lines.map((line) => line.msg)).to.include('worker failed to start; stopping');
  });
});
