import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../src/infrastructure/config/projectRoot';
import { startScriptFlags } from './lib/processes';

/**
 * Cold start by hand, for a shared machine: `node dist/bench/coldStart.js [runs] [entry.js]`.
 * Spawns the entry point (default: the auth service as `npm start` runs it) with PORT=0
 * on a new, empty SQLite file, polls health until `200 UP`, and reports per run the
 * wall time, the child's CPU time (user + system of all its threads, /proc/<pid>/stat)
 * and its RSS at that moment, then the medians. CPU time is the steadier figure when
 * other jobs share the machine.
 */
const TICK_MS = 10; // USER_HZ is 100 on Linux

interface Run {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly rssMb: number;
}

function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function rssMbOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    const body = (await response.json()) as { status?: string; data?: { status?: string } };
    return response.status === 200 && (body.status === 'UP' || body.data?.status === 'UP');
  } catch {
    return false;
  }
}

async function once(entry: string, dir: string, index: number): Promise<Run> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [...startScriptFlags('start'), entry], {
    env: { ...process.env, PORT: '0', AUTH_DATABASE_URL: `sqlite:${join(dir, `cold-${index}.sqlite`)}`, AUTH_ISSUER: 'http://127.0.0.1/auth' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /"port":(\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${out}`)));
    });
    const url = `http://127.0.0.1:${port}/auth/actuator/health`;
    while (!(await healthy(url))) await new Promise((resolve) => setTimeout(resolve, 5));
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    return { wallMs, cpuMs: cpuMsOf(child.pid!), rssMb: rssMbOf(child.pid!) };
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) => (child.exitCode === null && child.signalCode === null ? child.once('exit', resolve) : resolve(null)));
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 7);
  const entry = process.argv[3] ?? join(projectRoot(__dirname), 'dist/src/interfaces/composition/authServer.js');
  const dir = mkdtempSync(join(tmpdir(), 'cold-start-'));
  const results: Run[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const run = await once(entry, dir, i);
      results.push(run);
      console.log(`run ${i + 1}: ${run.wallMs.toFixed(0)} ms wall, ${run.cpuMs} ms CPU, ${run.rssMb.toFixed(1)} MB RSS`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `median of ${runs}: ${median(results.map((r) => r.wallMs)).toFixed(0)} ms wall, ${median(results.map((r) => r.cpuMs))} ms CPU, ` +
      `${median(results.map((r) => r.rssMb)).toFixed(1)} MB RSS (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
