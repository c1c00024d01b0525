import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request, type Agent } from 'node:http';
import { join } from 'node:path';
import { projectRoot } from '../../src/infrastructure/config/projectRoot';

/**
 * The bench's environment for its servers, less LOG_LEVEL: a server runs at its
 * own default (info, the access log on) unless the bench asks otherwise, never
 * at whatever level the shell that started the bench happened to export.
 */
function inheritedEnv(): NodeJS.ProcessEnv {
  const { LOG_LEVEL: _ignored, ...rest } = process.env;
  return rest;
}

/** True when the bench runs from its TypeScript sources (ts-node), false from dist/. */
const FROM_SOURCES = __filename.endsWith('.ts');

/** Node flags for a child that runs one of our scripts: ts-node when we run from sources. */
export function childExecArgv(): string[] {
  return FROM_SOURCES ? ['-r', 'ts-node/register/transpile-only', '-r', 'reflect-metadata'] : [];
}

/**
 * The node flags of an npm start script (`exec node --max-semi-space-size=8 dist/…`
 * → ['--max-semi-space-size=8']): the bench starts a service's entry point with
 * the flags `npm start` / `npm run start:client` give it, read from package.json
 * so the two cannot drift apart.
 */
export function startScriptFlags(script: 'start' | 'start:client'): string[] {
  const pkg = JSON.parse(readFileSync(join(projectRoot(__dirname), 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const command = /\bnode((?:\s+--?[\w-]+(?:=\S+)?)*)\s/.exec(pkg.scripts[script] ?? '');
  if (!command) throw new Error(`package.json script ${script} does not run node`);
  return command[1].split(/\s+/).filter((flag) => flag !== '');
}

/** A script path without extension → the .ts or .js file that exists next to us. */
export function scriptPath(withoutExtension: string): string {
  const path = `${withoutExtension}${FROM_SOURCES ? '.ts' : '.js'}`;
  if (!existsSync(path)) throw new Error(`bench script missing: ${path}`);
  return path;
}

export interface RunningServer {
  readonly port: number;
  /** Every process serving (primary and workers). */
  readonly pids: readonly number[];
  /** Resident memory of all its processes, bytes. */
  rss(): number;
  /** CPU time used so far by all its processes and their threads, ns. */
  cpuNs(): number;
  /** process.memoryUsage() of the process the bench started (heap vs the rest of RSS). */
  memory(): Promise<NodeJS.MemoryUsage>;
  /** Sends `message` over IPC and resolves with the first reply `pick` turns into a value (bench servers only). */
  ask<T>(message: object, pick: (reply: Record<string, unknown>) => T | undefined): Promise<T>;
  /** SIGTERM, then SIGKILL after `forceAfterMs` (default 5 s; a profiled process writes its profile only if it exits by itself). */
  stop(forceAfterMs?: number): Promise<void>;
}

interface ReadyMessage {
  readonly ready: true;
  readonly port: number;
  readonly pids: number[];
}

/** Forks a bench server script and waits for it to report its port over IPC. */
export function startServer(script: string, env: Record<string, string> = {}, timeoutMs = 60_000): Promise<RunningServer> {
  const child = fork(script, [], {
    execArgv: script.endsWith('.mjs') ? [] : childExecArgv(),
    // The servers' own defaults (LOG_LEVEL=info: the access log on, as shipped) unless `env` says otherwise.
    env: { ...inheritedEnv(), ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before it was ready: ${stderr}`));
    });
    child.on('message', (message: ReadyMessage) => {
      if (!message.ready) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        port: message.port,
        pids: message.pids,
        rss: () => message.pids.reduce((sum, pid) => sum + rssOf(pid), 0),
        cpuNs: () => message.pids.reduce((sum, pid) => sum + cpuNsOf(pid), 0),
        memory: () => ask(child, { memory: true }, (reply) => reply.memory as NodeJS.MemoryUsage | undefined),
        ask: (question, pick) => ask(child, question, pick),
        stop: (forceAfterMs) => stopChild(child, forceAfterMs),
      });
    });
  });
}

function ask<T>(child: ChildProcess, message: object, pick: (reply: Record<string, unknown>) => T | undefined): Promise<T> {
  return new Promise((answer, reject) => {
    const listener = (reply: Record<string, unknown>) => {
      const value = pick(reply);
      if (value === undefined) return;
      child.off('message', listener);
      child.off('exit', exited);
      answer(value);
    };
    const exited = () => {
      child.off('message', listener);
      reject(new Error(`the server exited before it answered ${JSON.stringify(message)}`));
    };
    child.on('message', listener);
    child.once('exit', exited);
    child.send(message);
  });
}

export function stopChild(child: ChildProcess, forceAfterMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), forceAfterMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** VmRSS of a process from /proc (Linux), bytes; 0 when it is gone. */
export function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Starts a service through its own entry point, as an operator would (no IPC),
 * on a given port; ready once `healthUrl` answers 200 and `processes` processes
 * (a cluster primary and its workers) exist.
 */
export async function startProgram(
  args: string[],
  env: Record<string, string>,
  port: number,
  healthUrl: string,
  processes = 1,
  timeoutMs = 60_000,
): Promise<RunningServer> {
  const child = spawn(process.execPath, args, { env: { ...inheritedEnv(), ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const deadline = Date.now() + timeoutMs;
  const pids = () => [child.pid!, ...childPidsOf(child.pid!)];
  for (;;) {
    const answer = await get(healthUrl).catch(() => null);
    if (answer?.status === 200 && pids().length >= processes) break;
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`${healthUrl} not healthy within ${timeoutMs} ms: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const serving = pids();
  return {
    port,
    pids: serving,
    rss: () => serving.reduce((sum, pid) => sum + rssOf(pid), 0),
    cpuNs: () => serving.reduce((sum, pid) => sum + cpuNsOf(pid), 0),
    memory: () => Promise.reject(new Error('memory details need the IPC channel of startServer')),
    ask: () => Promise.reject(new Error('questions need the IPC channel of startServer')),
    stop: (forceAfterMs) => stopChild(child, forceAfterMs),
  };
}

/** Direct children of a process (a cluster primary's workers), from /proc. */
function childPidsOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8')
        .split(' ')
        .filter((value) => value.trim() !== '')
        .map(Number),
    );
  } catch {
    return [];
  }
}

/**
 * CPU time of a process, every thread included (libuv's pool signs tokens), ns,
 * from /proc/<pid>/task/<tid>/schedstat. Unlike req/s on a shared machine, CPU
 * time per request barely depends on what other jobs are running.
 */
export function cpuNsOf(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => {
      try {
        return sum + Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        return sum;
      }
    }, 0);
  } catch {
    return 0;
  }
}

/**
 * Starts a program the way an operator would (plain spawn, no IPC) and measures
 * the milliseconds until `url` answers 200 with the expected body.
 */
export async function timeToHealthy(
  args: string[],
  env: Record<string, string>,
  url: string,
  healthy: (status: number, body: string) => boolean,
  timeoutMs = 90_000,
): Promise<number> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, args, { env: { ...inheritedEnv(), ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  try {
    for (;;) {
      const answer = await get(url).catch(() => null);
      if (answer && healthy(answer.status, answer.body)) return Number(process.hrtime.bigint() - started) / 1e6;
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}: ${stderr}`);
      if (Number(process.hrtime.bigint() - started) / 1e6 > timeoutMs) throw new Error(`${url} not healthy within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await stopChild(child);
  }
}

export function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.setTimeout(2_000, () => req.destroy(new Error('timeout')));
    req.end();
  });
}

/** `agent`: a keep-alive Agent for many requests in a row; by default a connection of its own. */
export function post(url: string, body: string, headers: Record<string, string>, agent: Agent | false = false): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.end(body);
  });
}

/**
 * A port for a server the bench starts through its own entry point: below
 * Linux's ephemeral range (32768+), so no outgoing connection holds it.
 */
export function benchPort(): number {
  return 20000 + Math.floor(Math.random() * 12000);
}

/** Runs `start` on a fresh port, again on another one if the port was taken meanwhile (EADDRINUSE). */
export async function onFreePort<T>(start: (port: number) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(benchPort());
    } catch (error) {
      if (attempt >= attempts || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}
