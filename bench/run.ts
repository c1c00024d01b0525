/**
 * `npm run bench`: every figure of issue 5 as a ratio to a baseline measured in
 * this same run on this machine. Servers run in child processes, autocannon in
 * another (bench/loader), all on loopback, every run bounded by BENCH_SECONDS.
 * Prints one table and writes bench/results.json (or BENCH_OUT).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAuthServerConfig } from '../src/infrastructure/config/AuthServerConfig';
import { projectRoot } from '../src/infrastructure/config/projectRoot';
import { forgeGeneration, rawCrypto } from './crypto';
import { profileTarget } from './profile';
import { formatScale, runScale, type ScaleRow } from './scale';
import { interleave } from './lib/interleave';
import { LoadGenerator } from './lib/load';
import { issuerOf, issueToken, loginJob } from './lib/authCalls';
import { benchPort, childExecArgv, onFreePort, scriptPath, startProgram, startServer, timeToHealthy, type RunningServer } from './lib/processes';
import { formatTable, formatTargets, Report, type Figure } from './lib/report';

export interface BenchOptions {
  /** Seconds of each load run (a warm-up of a quarter of it comes first). */
  readonly seconds: number;
  readonly connections: number;
  readonly rsaBits: number;
  readonly out: string;
  readonly log: (line: string) => void;
}

export interface BenchResults {
  readonly machine: Record<string, unknown>;
  readonly options: { seconds: number; connections: number; rsaBits: number };
  readonly baselines: Record<string, number>;
  /** Per CPU-second figures of the baselines that have one. */
  readonly efficiency: Record<string, number>;
  readonly figures: Figure[];
  readonly scale: ScaleRow[];
}

const SERVERS = join(__dirname, 'servers');

/** The figures of issue 12's target table, printed again on their own with PASS or short. */
export const TARGETS = {
  demoUnprotected: 'demo client unprotected route vs bare express',
  demoProtected: 'demo client protected GET req/s',
  demoVsPeer: 'demo client protected GET vs express-jwt',
  authVsPeer: 'auth protected GET vs express-jwt',
  loginVsRaw: 'auth login rsa req/s vs raw sign',
  loginVsOidc: 'auth login rsa vs oidc-provider',
  rss: 'auth RSS after the run, 50 connections',
  coldStart: 'auth cold start to healthy, empty store',
} as const;
/** Where the scale table creates (and drops) its PostgreSQL database. */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Plain ESM scripts are not compiled, so they are always taken from the sources. */
const ESM_SERVERS = join(projectRoot(__dirname), 'bench', 'servers');

export async function runBench(options: BenchOptions): Promise<BenchResults> {
  const { seconds, connections, log } = options;
  const report = new Report();
  const { baselines, efficiency, figures } = report;
  const figure = report.figure.bind(report);
  const scratch = mkdtempSync(join(tmpdir(), 'auth-bench-'));
  const load = new LoadGenerator();
  const running: RunningServer[] = [];
  const scale: ScaleRow[] = [];

  const start = async (name: string, env: Record<string, string> = {}): Promise<RunningServer> => {
    const server = await startServer(name.endsWith('.mjs') ? join(ESM_SERVERS, name) : scriptPath(join(SERVERS, name)), env);
    running.push(server);
    return server;
  };
  const stop = async (server: RunningServer): Promise<void> => {
    running.splice(running.indexOf(server), 1);
    await server.stop();
  };
  try {
    log('raw node:crypto, one thread');
    const raw = rawCrypto(Math.min(Math.max(seconds / 2, 0.1), 2), options.rsaBits);
    for (const [alg, ops] of Object.entries(raw)) {
      baselines[`raw ${alg} sign ops/s`] = ops.signPerSec;
      baselines[`raw ${alg} verify ops/s`] = ops.verifyPerSec;
      efficiency[`raw ${alg} sign ops/s`] = ops.signPerCpuSec;
      efficiency[`raw ${alg} verify ops/s`] = ops.verifyPerCpuSec;
      log(`  ${alg}: sign ${ops.signPerSec.toFixed(0)}/s, verify ${ops.verifyPerSec.toFixed(0)}/s`);
    }

    log('forge RSA key generation, native vs pure JavaScript');
    const forgeBits = seconds >= 3 ? options.rsaBits : 1024;
    const forgeTimes = await forgeGeneration(forgeBits, seconds >= 3 ? 3 : 1);
    baselines[`forge native RSA-${forgeBits} generation ms`] = forgeTimes.nativeMs;
    figure(`forge pure-JS RSA-${forgeBits} generation`, forgeTimes.pureJavaScriptMs, 'ms', `forge native RSA-${forgeBits} generation ms`, { limit: 1 });

    log('cold start to healthy (spawn → 200 UP)');
    const coldPort = String(benchPort());
    baselines['bare express cold start ms'] = await timeToHealthy(
      [...childExecArgv(), scriptPath(join(SERVERS, 'bareExpress'))],
      { PORT: coldPort },
      `http://127.0.0.1:${coldPort}/hello`,
      (status) => status === 200,
    );
    const authMain = scriptPath(join(__dirname, '..', 'src', 'interfaces', 'composition', 'authServer'));
    const authColdMs = await timeToHealthy(
      [...childExecArgv(), authMain],
      { PORT: coldPort, LOG_LEVEL: 'warn', AUTH_DATABASE_URL: `sqlite:${join(scratch, 'cold.sqlite')}`, AUTH_RSA_BITS: String(options.rsaBits) },
      `http://127.0.0.1:${coldPort}/auth/actuator/health`,
      (status, body) => status === 200 && body.includes('"UP"'),
    );
    log(`  bare express ${baselines['bare express cold start ms'].toFixed(0)} ms, auth service ${authColdMs.toFixed(0)} ms`);
    figure(TARGETS.coldStart, authColdMs, 'ms', 'bare express cold start ms', { on: 'value', limit: 600, atMost: true });

    log('starting the servers under test');
    const authEnv = {
      AUTH_RSA_BITS: String(options.rsaBits),
      AUTH_DATABASE_URL: 'sqlite::memory:',
      AUTH_ISSUER: 'http://127.0.0.1/auth',
      // One load generator on one address is not a brute-force attack: keep a login rate limit out of the figures.
      AUTH_LOGIN_MAX_ATTEMPTS: '100000',
    };
    const bare = await start('bareExpress');
    const auth = await start('authServer', authEnv);
    baselines['auth V8 heap used after start MB'] = (await auth.memory()).heapUsed / 2 ** 20;
    const authSync = await start('authServer', { ...authEnv, AUTH_TOKEN_SIGNER: 'jsonwebtoken' });
    const authNoCache = await start('authServer', { ...authEnv, AUTH_VERIFIED_TOKEN_CACHE: '0' });
    const authEcdsa = await start('authServer', { ...authEnv, AUTH_SIGN_METHOD: 'ecdsa' });
    const authHmac = await start('authServer', { ...authEnv, AUTH_SIGN_METHOD: 'hmac' });
    const plain = await start('plainJwt', { AUTH_RSA_BITS: String(options.rsaBits) });
    const oidc = await start('oidcPeer.mjs', { BENCH_RSA_BITS: String(options.rsaBits) });
    const token = await issueToken(auth.port);
    const kid = (JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as { kid: string }).kid;
    const bearer = { authorization: `Bearer ${token}` };
    const keyUrl = `http://127.0.0.1:${auth.port}/auth/client/user/secret/key?appId=bench&appSecret=bench`;
    const client = await start('standInClient', { AUTH_KEY_URL: keyUrl, AUTH_KID: kid });
    const jwtPeer = await start('expressJwtPeer', { AUTH_KEY_URL: keyUrl, AUTH_KID: kid, AUTH_ISSUER: issuerOf(token) });
    const url = (server: RunningServer, path: string) => `http://127.0.0.1:${server.port}${path}`;
    const demo = await startDemoClient(auth.port);
    if (demo) running.push(demo);
    const demoTargets = demo
      ? [
          { label: 'demo client unprotected', server: demo, job: { url: url(demo, '/auth-client-demo/actuator/info') } },
          { label: 'demo client protected', server: demo, job: { url: url(demo, '/auth-client-demo/current/user/details'), headers: bearer } },
        ]
      : [];

    log('GET routes, in turns: bare express, auth service, stand-in client, express-jwt, plain jsonwebtoken');
    const gets = await interleave(
      load,
      [
        { label: 'bare express', server: bare, job: { url: url(bare, '/hello') } },
        { label: 'auth protected', server: auth, job: { url: url(auth, '/auth/current/user/details'), headers: bearer } },
        { label: 'auth unprotected', server: auth, job: { url: keyUrl } },
        {
          label: 'auth protected, cache off',
          server: authNoCache,
          job: { url: url(authNoCache, '/auth/current/user/details'), headers: { authorization: `Bearer ${await issueToken(authNoCache.port)}` } },
        },
        { label: 'client unprotected', server: client, job: { url: url(client, '/auth-client-demo/bench/details') } },
        { label: 'client protected', server: client, job: { url: url(client, '/auth-client-demo/current/user/details'), headers: bearer } },
        { label: 'express-jwt protected', server: jwtPeer, job: { url: url(jwtPeer, '/auth/current/user/details'), headers: bearer } },
        {
          label: 'plain jsonwebtoken protected',
          server: plain,
          job: { url: url(plain, '/auth/current/user/details'), headers: { authorization: `Bearer ${await issueToken(plain.port)}` } },
        },
        ...demoTargets,
      ],
      seconds,
      connections,
      log,
    );
    const afterGets = await auth.memory();
    log(`  auth service memory after the GET turns: rss ${mb(afterGets.rss)} MB, V8 heap ${mb(afterGets.heapTotal)} MB (used ${mb(afterGets.heapUsed)})`);
    const bareResult = gets.get('bare express')!;
    report.asBaseline('bare express req/s', bareResult);
    baselines['bare express p50 ms'] = Math.max(bareResult.p50, 0.001);
    baselines['bare express p99 ms'] = Math.max(bareResult.p99, 0.001);
    baselines['bare express RSS MB'] = bare.rss() / 2 ** 20;
    const protectedGet = gets.get('auth protected')!;
    report.http('auth protected GET', protectedGet, 'bare express req/s');
    const unprotected = gets.get('auth unprotected')!;
    report.rate('auth unprotected route req/s (framework cost)', unprotected, 'bare express req/s');
    const uncached = gets.get('auth protected, cache off')!;
    figure('auth protected GET, cache off req/s', uncached.reqPerSec, 'req/s', 'bare express req/s', undefined, uncached.reqPerCpuSec);
    const clientOpen = gets.get('client unprotected')!;
    report.asBaseline('client unprotected req/s', clientOpen);
    report.rate('client unprotected route req/s (framework cost)', clientOpen, 'bare express req/s');
    const clientProtected = gets.get('client protected')!;
    report.rate('client protected GET req/s', clientProtected, 'client unprotected req/s', { limit: 0.85 });
    const peerGet = gets.get('express-jwt protected')!;
    report.asBaseline('express-jwt protected GET req/s', peerGet);
    report.rate('express-jwt protected GET req/s', peerGet, 'bare express req/s');
    const peer = 'express-jwt protected GET req/s';
    report.rate(TARGETS.authVsPeer, protectedGet, peer, { limit: 1.5 });
    report.rate('client protected GET vs express-jwt', clientProtected, peer, { limit: 1.3 });
    if (demo) {
      log('  (the demo client is present: measured through its own entry point as well)');
      report.asBaseline('demo client unprotected (actuator/info) req/s', gets.get('demo client unprotected')!);
      const demoProtected = gets.get('demo client protected')!;
      report.rate(TARGETS.demoUnprotected, gets.get('demo client unprotected')!, 'bare express req/s', { limit: 0.7 });
      report.rate(TARGETS.demoProtected, demoProtected, 'demo client unprotected (actuator/info) req/s', { limit: 0.9 });
      report.rate(TARGETS.demoVsPeer, demoProtected, peer, { limit: 1.5 });
    }
    const plainGet = gets.get('plain jsonwebtoken protected')!;
    report.rate('plain express + jsonwebtoken protected GET req/s', plainGet, 'bare express req/s');

    log('token issuance, in turns: auth service (rsa native, rsa jsonwebtoken, ecdsa, hmac), plain jsonwebtoken, oidc-provider');
    const logins = await interleave(
      load,
      [
        { label: 'auth login rsa', server: auth, job: loginJob(auth.port) },
        { label: 'auth login rsa, jsonwebtoken signer', server: authSync, job: loginJob(authSync.port) },
        { label: 'auth login ecdsa', server: authEcdsa, job: loginJob(authEcdsa.port) },
        { label: 'auth login hmac', server: authHmac, job: loginJob(authHmac.port) },
        { label: 'plain jsonwebtoken login', server: plain, job: loginJob(plain.port) },
        {
          label: 'oidc-provider token',
          server: oidc,
          job: {
            url: url(oidc, '/token'),
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('bench:bench-secret').toString('base64')}` },
            body: 'grant_type=client_credentials&scope=api',
          },
        },
      ],
      seconds,
      connections,
      log,
    );
    const login = logins.get('auth login rsa')!;
    report.asBaseline('auth login rsa req/s', login);
    report.http('auth login rsa', login, 'bare express req/s');
    report.rate(TARGETS.loginVsRaw, login, 'raw RS256 sign ops/s', { limit: 1 });
    const syncLogin = logins.get('auth login rsa, jsonwebtoken signer')!;
    figure('auth login rsa, jsonwebtoken signer req/s', syncLogin.reqPerSec, 'req/s', 'raw RS256 sign ops/s', undefined, syncLogin.reqPerCpuSec);
    for (const method of ['ecdsa', 'hmac'] as const) {
      const result = logins.get(`auth login ${method}`)!;
      report.http(`auth login ${method}`, result, 'bare express req/s');
      const raw = `raw ${method === 'ecdsa' ? 'ES256' : 'HS256'} sign ops/s`;
      report.rate(`auth login ${method} req/s vs raw sign`, result, raw);
    }
    const plainLogin = logins.get('plain jsonwebtoken login')!;
    report.rate('plain express + jsonwebtoken login req/s', plainLogin, 'raw RS256 sign ops/s');
    const oidcResult = logins.get('oidc-provider token')!;
    report.asBaseline('oidc-provider token req/s', oidcResult);
    report.rate('oidc-provider token req/s', oidcResult, 'bare express req/s');
    report.rate(TARGETS.loginVsOidc, login, 'oidc-provider token req/s', { limit: 1.3 });
    const memory = await auth.memory();
    log(`  auth service memory: rss ${mb(memory.rss)} MB, V8 heap ${mb(memory.heapTotal)} MB (used ${mb(memory.heapUsed)}), external ${mb(memory.external)} MB`);
    figure(TARGETS.rss, auth.rss() / 2 ** 20, 'MB', 'bare express RSS MB', { on: 'value', limit: 120, atMost: true });
    figure('auth V8 heap used after the login run', memory.heapUsed / 2 ** 20, 'MB', 'auth V8 heap used after start MB');

    for (const server of [bare, authSync, authNoCache, authEcdsa, authHmac, plain, oidc, client, jwtPeer, ...(demo ? [demo] : [])]) await stop(server);

    const clusterEnv = { ...authEnv, AUTH_DATABASE_URL: `sqlite:${join(scratch, 'cluster.sqlite')}` };
    let cluster: RunningServer;
    if (supportsAuthWorkers()) {
      log('auth service, rsa, AUTH_WORKERS=2 (its own node:cluster primary, shared SQLite file) in turns with one process');
      cluster = await onFreePort((port) =>
        startProgram([...childExecArgv(), authMain], { ...clusterEnv, AUTH_WORKERS: '2' }, port, `http://127.0.0.1:${port}/auth/actuator/health`, 3),
      );
      running.push(cluster);
    } else {
      log('auth service, rsa, 2 workers (the bench\'s node:cluster launcher, shared SQLite file) in turns with one process');
      cluster = await start('authServer', { ...clusterEnv, BENCH_WORKERS: '2' });
    }
    const scaled = await interleave(
      load,
      [
        { label: 'login, 1 process', server: auth, job: loginJob(auth.port) },
        { label: 'login, 2 workers', server: cluster, job: loginJob(cluster.port) },
        { label: 'protected GET, 1 process', server: auth, job: { url: url(auth, '/auth/current/user/details'), headers: bearer } },
        {
          label: 'protected GET, 2 workers',
          server: cluster,
          job: { url: url(cluster, '/auth/current/user/details'), headers: { authorization: `Bearer ${await issueToken(cluster.port)}` } },
        },
      ],
      seconds,
      connections,
      log,
    );
    report.asBaseline('auth login rsa req/s, 1 process (same turns)', scaled.get('login, 1 process')!);
    report.asBaseline('auth protected GET req/s, 1 process (same turns)', scaled.get('protected GET, 1 process')!);
    const clusterLogin = scaled.get('login, 2 workers')!;
    figure('auth login rsa, 2 workers', clusterLogin.reqPerSec, 'req/s', 'auth login rsa req/s, 1 process (same turns)', undefined, clusterLogin.reqPerCpuSec);
    const clusterGet = scaled.get('protected GET, 2 workers')!;
    figure('auth protected GET, 2 workers', clusterGet.reqPerSec, 'req/s', 'auth protected GET req/s, 1 process (same turns)', undefined, clusterGet.reqPerCpuSec);
    figure('auth RSS, 2 workers + primary', cluster.rss() / 2 ** 20, 'MB', 'bare express RSS MB');
    await stop(cluster);
    await stop(auth);
    scale.push(...(await runScale({ seconds: Math.min(seconds, 2), scratch, postgresUrl: POSTGRES_URL, log })));
  } finally {
    load.close();
    await Promise.all(running.map((server) => server.stop()));
    rmSync(scratch, { recursive: true, force: true });
  }

  const results: BenchResults = {
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, loadavg: loadavg(), note: '2 cores, shared with other jobs: noisy' },
    options: { seconds, connections, rsaBits: options.rsaBits },
    baselines,
    efficiency,
    figures,
    scale,
  };
  writeFileSync(options.out, `${JSON.stringify(results, null, 2)}\n`);
  return results;
}

/**
 * The demo client service, started through its own entry point against our auth
 * service, when this tree has one (it lives on another branch until merged);
 * otherwise null and only the stand-in client is measured.
 */
async function startDemoClient(authPort: number): Promise<RunningServer | null> {
  const base = join(__dirname, '..', 'src', 'interfaces', 'composition', 'clientDemo');
  if (!existsSync(`${base}.ts`) && !existsSync(`${base}.js`)) return null;
  return onFreePort((port) =>
    startProgram(
      [...childExecArgv(), scriptPath(base)],
      { AUTH_SERVER_URL: `http://127.0.0.1:${authPort}`, AUTH_SERVER_CONTEXT_PATH: 'auth', AUTH_APP_ID: 'bench', AUTH_APP_SECRET: 'bench' },
      port,
      `http://127.0.0.1:${port}/auth-client-demo/actuator/health`,
    ),
  );
}

/** True once the service reads AUTH_WORKERS itself (then the bench starts it through its own entry point). */
function supportsAuthWorkers(): boolean {
  const config = loadAuthServerConfig({ AUTH_WORKERS: '2', AUTH_DATABASE_URL: 'sqlite:bench.sqlite', AUTH_ISSUER: 'http://127.0.0.1/auth' });
  return (config as unknown as { workers?: unknown }).workers === 2;
}

function mb(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(0);
}

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? '5');
  if (!(seconds > 0)) throw new Error('BENCH_SECONDS must be a positive number');
  const profileAt = process.argv.indexOf('--profile');
  if (profileAt >= 0) {
    const target = process.argv[profileAt + 1] ?? '';
    console.log(await profileTarget({ target, seconds: Math.max(seconds, 2), connections: Number(process.env.BENCH_CONNECTIONS ?? '50'), log: (line) => console.error(line) }));
    return;
  }
  if (process.argv.includes('--scale')) {
    const scratch = mkdtempSync(join(tmpdir(), 'auth-bench-'));
    try {
      console.log(formatScale(await runScale({ seconds: Math.min(seconds, 2), scratch, postgresUrl: POSTGRES_URL, log: (line) => console.error(line) })));
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    return;
  }
  const results = await runBench({
    seconds,
    connections: Number(process.env.BENCH_CONNECTIONS ?? '50'),
    rsaBits: 2048,
    out: process.env.BENCH_OUT ?? join(projectRoot(__dirname), 'bench', 'results.json'),
    log: (line) => console.error(line),
  });
  console.log(formatTable(results.figures, results.baselines));
  console.log('');
  console.log(formatTargets(results.figures, Object.values(TARGETS)));
  console.log('');
  console.log(formatScale(results.scale));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : String(error));
    process.exit(1);
  });
}
