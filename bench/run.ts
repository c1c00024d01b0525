/**
 * `npm run bench`: every figure of issue 5 as a ratio to a baseline measured in
 * this same run on this machine. Servers run in child processes, autocannon in
 * another (bench/loader), all on loopback, every run bounded by BENCH_SECONDS.
 * Prints one table and writes bench/results.json (or BENCH_OUT).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../src/infrastructure/config/projectRoot';
import { forgeGeneration, rawCrypto } from './crypto';
import { LoadGenerator, type LoadJob, type LoadResult } from './lib/load';
import { childExecArgv, post, scriptPath, startServer, timeToHealthy, type RunningServer } from './lib/processes';
import { describeTarget, formatTable, meets, type Figure, type Target } from './lib/report';

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
}

interface Measured extends LoadResult {
  /** Requests per second of the server's own CPU time (all its processes and threads). */
  readonly reqPerCpuSec: number;
}

const SERVERS = join(__dirname, 'servers');
/** Plain ESM scripts are not compiled, so they are always taken from the sources. */
const ESM_SERVERS = join(projectRoot(__dirname), 'bench', 'servers');
const LOGIN_BODY = JSON.stringify({ username: 'admin', password: 'bench-password' });
const JSON_HEADERS = { 'content-type': 'application/json' };

export async function runBench(options: BenchOptions): Promise<BenchResults> {
  const { seconds, connections, log } = options;
  const baselines: Record<string, number> = {};
  /** Requests (or operations) per CPU-second of the baselines that have one. */
  const efficiency: Record<string, number> = {};
  const figures: Figure[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'auth-bench-'));
  const load = new LoadGenerator();
  const running: RunningServer[] = [];

  const start = async (name: string, env: Record<string, string> = {}): Promise<RunningServer> => {
    const server = await startServer(name.endsWith('.mjs') ? join(ESM_SERVERS, name) : scriptPath(join(SERVERS, name)), env);
    running.push(server);
    return server;
  };
  const stop = async (server: RunningServer): Promise<void> => {
    running.splice(running.indexOf(server), 1);
    await server.stop();
  };
  const measure = async (label: string, server: RunningServer, job: Omit<LoadJob, 'connections' | 'seconds'>): Promise<Measured> => {
    await load.run({ ...job, connections, seconds: Math.max(seconds / 4, 0.05) });
    const cpuBefore = server.cpuNs();
    const result = await load.run({ ...job, connections, seconds });
    const reqPerCpuSec = result.requests / ((server.cpuNs() - cpuBefore) / 1e9);
    log(
      `  ${label}: ${result.reqPerSec.toFixed(0)} req/s, ${reqPerCpuSec.toFixed(0)} req/CPU-s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
        `errors ${result.errors}, non-2xx ${result.non2xx}`,
    );
    if (result.errors > 0 || result.non2xx > 0 || result.requests === 0) {
      throw new Error(`${label}: ${result.errors} errors, ${result.non2xx} non-2xx of ${result.requests} requests`);
    }
    return { ...result, reqPerCpuSec };
  };
  /** A figure against a baseline; `cpu` (req per CPU-second) adds the noise-resistant ratio when the baseline has one too. */
  const figure = (name: string, value: number, unit: string, baseline: string, target?: Target, cpu?: number): void => {
    if (!(baselines[baseline] > 0)) throw new Error(`baseline ${baseline} was not measured`);
    const ratio = value / baselines[baseline];
    const cpuBaseline = efficiency[baseline];
    figures.push({
      name,
      value,
      unit,
      baseline,
      ratio,
      cpuRatio: cpu !== undefined && cpuBaseline !== undefined ? cpu / cpuBaseline : undefined,
      target: target ? describeTarget(target, unit) : undefined,
      met: target ? meets(target, value, ratio) : undefined,
    });
  };
  const asBaseline = (name: string, result: Measured): void => {
    baselines[name] = result.reqPerSec;
    efficiency[name] = result.reqPerCpuSec;
  };
  const httpFigures = (name: string, result: Measured, baseline: string): void => {
    figure(`${name} req/s`, result.reqPerSec, 'req/s', baseline, undefined, result.reqPerCpuSec);
    figure(`${name} p50`, result.p50, 'ms', 'bare express p50 ms');
    figure(`${name} p99`, result.p99, 'ms', 'bare express p99 ms');
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

    log('bare express (HTTP floor)');
    const bare = await start('bareExpress');
    const bareResult = await measure('GET /hello', bare, { url: `http://127.0.0.1:${bare.port}/hello` });
    asBaseline('bare express req/s', bareResult);
    baselines['bare express p50 ms'] = Math.max(bareResult.p50, 0.001);
    baselines['bare express p99 ms'] = Math.max(bareResult.p99, 0.001);
    baselines['bare express RSS MB'] = bare.rss() / 2 ** 20;
    await stop(bare);

    log('cold start to healthy');
    const coldPort = String(20000 + Math.floor(Math.random() * 20000));
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
    figure('auth cold start to healthy, empty store', authColdMs, 'ms', 'bare express cold start ms', { on: 'value', limit: 1000, atMost: true });

    const authEnv = { AUTH_RSA_BITS: String(options.rsaBits), AUTH_DATABASE_URL: 'sqlite::memory:', AUTH_ISSUER: 'http://127.0.0.1/auth' };
    for (const method of ['ecdsa', 'hmac'] as const) {
      log(`auth service, ${method}`);
      const auth = await start('authServer', { ...authEnv, AUTH_SIGN_METHOD: method });
      const result = await measure('login', auth, loginJob(auth.port));
      httpFigures(`auth login ${method}`, result, 'bare express req/s');
      const raw = `raw ${method === 'ecdsa' ? 'ES256' : 'HS256'} sign ops/s`;
      figure(`auth login ${method} req/s vs raw sign`, result.reqPerSec, 'req/s', raw, undefined, result.reqPerCpuSec);
      await stop(auth);
    }

    log('auth service, rsa, jsonwebtoken signer (synchronous, the previous default)');
    const syncAuth = await start('authServer', { ...authEnv, AUTH_TOKEN_SIGNER: 'jsonwebtoken' });
    const syncLogin = await measure('login', syncAuth, loginJob(syncAuth.port));
    figure('auth login rsa, jsonwebtoken signer req/s', syncLogin.reqPerSec, 'req/s', 'raw RS256 sign ops/s', undefined, syncLogin.reqPerCpuSec);
    await stop(syncAuth);

    log('auth service, rsa, one process');
    const auth = await start('authServer', authEnv);
    const authOrigin = `http://127.0.0.1:${auth.port}`;
    const login = await measure('login', auth, loginJob(auth.port));
    httpFigures('auth login rsa', login, 'bare express req/s');
    figure('auth login rsa req/s vs raw sign', login.reqPerSec, 'req/s', 'raw RS256 sign ops/s', { limit: 1 }, login.reqPerCpuSec);
    const token = await issueToken(auth.port);
    const kid = (JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as { kid: string }).kid;
    const bearer = { authorization: `Bearer ${token}` };
    const protectedGet = await measure('protected GET current/user/details', auth, { url: `${authOrigin}/auth/current/user/details`, headers: bearer });
    httpFigures('auth protected GET', protectedGet, 'bare express req/s');
    const keyUrl = `${authOrigin}/auth/client/user/secret/key?appId=bench&appSecret=bench`;
    const unprotected = await measure('unprotected GET client/user/secret/key', auth, { url: keyUrl });
    figure('auth unprotected route req/s (framework cost)', unprotected.reqPerSec, 'req/s', 'bare express req/s', undefined, unprotected.reqPerCpuSec);
    asBaseline('auth protected GET req/s', protectedGet);
    asBaseline('auth login rsa req/s', login);
    figure(`auth RSS after the run, ${connections} connections`, auth.rss() / 2 ** 20, 'MB', 'bare express RSS MB', { on: 'value', limit: 150, atMost: true });

    log('auth service, rsa, verified-token cache off');
    const uncached = await start('authServer', { ...authEnv, AUTH_VERIFIED_TOKEN_CACHE: '0' });
    const uncachedToken = await issueToken(uncached.port);
    const uncachedGet = await measure('protected GET, no cache', uncached, {
      url: `http://127.0.0.1:${uncached.port}/auth/current/user/details`,
      headers: { authorization: `Bearer ${uncachedToken}` },
    });
    figure('auth protected GET, cache off req/s', uncachedGet.reqPerSec, 'req/s', 'bare express req/s', undefined, uncachedGet.reqPerCpuSec);
    await stop(uncached);

    log('stand-in client service (our interceptor and verifier), protected vs unprotected');
    const client = await start('standInClient', { AUTH_KEY_URL: keyUrl, AUTH_KID: kid });
    const clientOpen = await measure('unprotected GET bench/details', client, { url: `http://127.0.0.1:${client.port}/auth-client-demo/bench/details` });
    asBaseline('client unprotected req/s', clientOpen);
    figure('client unprotected route req/s (framework cost)', clientOpen.reqPerSec, 'req/s', 'bare express req/s', undefined, clientOpen.reqPerCpuSec);
    const clientProtected = await measure('protected GET current/user/details', client, {
      url: `http://127.0.0.1:${client.port}/auth-client-demo/current/user/details`,
      headers: bearer,
    });
    figure('client protected GET req/s', clientProtected.reqPerSec, 'req/s', 'client unprotected req/s', { limit: 0.85 }, clientProtected.reqPerCpuSec);
    await stop(client);

    log('peer: express-jwt + jwks-rsa on the same route');
    const jwtPeer = await start('expressJwtPeer', { AUTH_KEY_URL: keyUrl, AUTH_KID: kid, AUTH_ISSUER: issuerOf(token) });
    const peerGet = await measure('protected GET (express-jwt)', jwtPeer, {
      url: `http://127.0.0.1:${jwtPeer.port}/auth/current/user/details`,
      headers: bearer,
    });
    asBaseline('express-jwt protected GET req/s', peerGet);
    figure('express-jwt protected GET req/s', peerGet.reqPerSec, 'req/s', 'bare express req/s', undefined, peerGet.reqPerCpuSec);
    const peer = 'express-jwt protected GET req/s';
    figure('auth protected GET vs express-jwt', protectedGet.reqPerSec, 'req/s', peer, { limit: 1.3 }, protectedGet.reqPerCpuSec);
    figure('client protected GET vs express-jwt', clientProtected.reqPerSec, 'req/s', peer, { limit: 1.3 }, clientProtected.reqPerCpuSec);
    await stop(jwtPeer);
    await stop(auth);

    log('peer: oidc-provider, client_credentials, RS256 JWT access tokens');
    const oidc = await start('oidcPeer.mjs', { BENCH_RSA_BITS: String(options.rsaBits) });
    const oidcResult = await measure('POST /token', oidc, {
      url: `http://127.0.0.1:${oidc.port}/token`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('bench:bench-secret').toString('base64')}` },
      body: 'grant_type=client_credentials&scope=api',
    });
    asBaseline('oidc-provider token req/s', oidcResult);
    figure('oidc-provider token req/s', oidcResult.reqPerSec, 'req/s', 'bare express req/s', undefined, oidcResult.reqPerCpuSec);
    figure('auth login rsa vs oidc-provider', login.reqPerSec, 'req/s', 'oidc-provider token req/s', { limit: 1.3 }, login.reqPerCpuSec);
    await stop(oidc);

    log('auth service, rsa, 2 workers (node:cluster, shared SQLite file)');
    const cluster = await start('authServer', { ...authEnv, AUTH_DATABASE_URL: `sqlite:${join(scratch, 'cluster.sqlite')}`, BENCH_WORKERS: '2' });
    const clusterLogin = await measure('login, 2 workers', cluster, loginJob(cluster.port));
    figure('auth login rsa, 2 workers', clusterLogin.reqPerSec, 'req/s', 'auth login rsa req/s', undefined, clusterLogin.reqPerCpuSec);
    const clusterToken = await issueToken(cluster.port);
    const clusterGet = await measure('protected GET, 2 workers', cluster, {
      url: `http://127.0.0.1:${cluster.port}/auth/current/user/details`,
      headers: { authorization: `Bearer ${clusterToken}` },
    });
    figure('auth protected GET, 2 workers', clusterGet.reqPerSec, 'req/s', 'auth protected GET req/s', undefined, clusterGet.reqPerCpuSec);
    figure('auth RSS, 2 workers + primary', cluster.rss() / 2 ** 20, 'MB', 'bare express RSS MB');
    await stop(cluster);
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
  };
  writeFileSync(options.out, `${JSON.stringify(results, null, 2)}\n`);
  return results;
}

function loginJob(port: number): Omit<LoadJob, 'connections' | 'seconds'> {
  return { url: `http://127.0.0.1:${port}/auth/oauth/jwt/token`, method: 'POST', headers: JSON_HEADERS, body: LOGIN_BODY };
}

async function issueToken(port: number): Promise<string> {
  const answer = await post(`http://127.0.0.1:${port}/auth/oauth/jwt/token`, LOGIN_BODY, JSON_HEADERS);
  if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${answer.body}`);
  return (JSON.parse(answer.body) as { data: { access_token: string } }).data.access_token;
}

function issuerOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { iss: string }).iss;
}

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? '5');
  if (!(seconds > 0)) throw new Error('BENCH_SECONDS must be a positive number');
  const results = await runBench({
    seconds,
    connections: Number(process.env.BENCH_CONNECTIONS ?? '50'),
    rsaBits: 2048,
    out: process.env.BENCH_OUT ?? join(projectRoot(__dirname), 'bench', 'results.json'),
    log: (line) => console.error(line),
  });
  console.log(formatTable(results.figures, results.baselines));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : String(error));
    process.exit(1);
  });
}
