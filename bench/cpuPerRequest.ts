/**
 * The auth service's CPU time per request of the token-endpoint rows, for a
 * fixed number of requests (not a rate: a shared machine skews rates, much
 * less the CPU a request costs): client_credentials, introspection and
 * refresh_token with rotation, on a scratch SQLite file or (BENCH_PG_URL, an
 * administrative URL) a scratch PostgreSQL database. Run from the sources:
 * `npx ts-node --transpile-only bench/cpuPerRequest.ts [requests]`;
 * BENCH_CPU_PROF=DIR runs the service under `node --cpu-prof` into DIR;
 * BENCH_ROWS=client_credentials,introspection runs only the rows named.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../src/infrastructure/config/projectRoot';
import { clientCredentialsToken, clientHeaders, PasswordGrantMinter, REFRESH_PREFIX, registerBenchClient, SCOPE, type BenchClient } from './lib/oauthCalls';
import { withPostgres } from './lib/postgresScratch';
import { childExecArgv, onFreePort, post, scriptPath, startProgram, startScriptFlags } from './lib/processes';

const AUTH_MAIN = join(__dirname, '..', 'src', 'interfaces', 'composition', 'authServer');
const BENCH_USERS = join(projectRoot(__dirname), 'bench', 'servers', 'benchUsers.cjs');
const CONNECTIONS = 8;

async function main(): Promise<void> {
  const requests = Number(process.argv[2] ?? '3000');
  const postgres = process.env.BENCH_PG_URL;
  if (postgres) await withPostgres(postgres, 1, ([url]) => measure(url, requests, 'PostgreSQL'));
  else {
    const scratch = mkdtempSync(join(tmpdir(), 'auth-cpu-'));
    try {
      await measure(`sqlite:${join(scratch, 'auth.sqlite')}`, requests, 'SQLite');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
}

async function measure(databaseUrl: string, requests: number, store: string): Promise<void> {
  const client = await registerBenchClient(databaseUrl);
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const args = [...profile, ...startScriptFlags('start'), ...childExecArgv(), scriptPath(AUTH_MAIN)];
  const env = { AUTH_DATABASE_URL: databaseUrl, AUTH_ISSUER: 'http://127.0.0.1/auth', AUTH_USER_STORE: `module:${BENCH_USERS}` };
  const server = await onFreePort((port) => startProgram(args, env, port, `http://127.0.0.1:${port}/auth/actuator/health`));
  const tokenUrl = `http://127.0.0.1:${server.port}/auth/oauth/token`;
  const minter = new PasswordGrantMinter(tokenUrl, client);
  try {
    const token = await clientCredentialsToken(tokenUrl, client);
    const rows: Array<[string, string, () => Promise<string[]>]> = [
      ['client_credentials', tokenUrl, async () => Array<string>(requests).fill(`grant_type=client_credentials&scope=${SCOPE}`)],
      ['introspection', `http://127.0.0.1:${server.port}/auth/oauth/introspect`, async () => Array<string>(requests).fill(`token=${token}`)],
      ['refresh_token', tokenUrl, async () => (await minter.mint(requests)).map((refresh) => `${REFRESH_PREFIX}${refresh}`)],
    ];
    const only = process.env.BENCH_ROWS?.split(',');
    for (const [name, url, bodies] of rows.filter(([row]) => only === undefined || only.includes(row))) {
      const sent = await bodies();
      await send(url, client, sent.slice(0, 200));
      const rest = sent.slice(200);
      const cpuBefore = server.cpuNs();
      const started = performance.now();
      await send(url, client, rest);
      const seconds = (performance.now() - started) / 1000;
      const cpuUs = (server.cpuNs() - cpuBefore) / 1000 / rest.length;
      console.log(`${store} ${name}: ${rest.length} requests, server CPU ${cpuUs.toFixed(0)} µs a request, ${(rest.length / seconds).toFixed(0)} req/s at ${CONNECTIONS} connections`);
    }
  } finally {
    minter.close();
    await server.stop(30_000);
  }
}

/** Sends every body over CONNECTIONS keep-alive connections; anything but 200 throws. */
async function send(url: string, client: BenchClient, bodies: readonly string[]): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < bodies.length) {
      const answer = await post(url, bodies[next++], clientHeaders(client), agent);
      if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  } finally {
    agent.destroy();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

