/**
 * `npm run bench`: every figure as a ratio to a baseline measured in this same
 * run on this machine (issue 21's method): the services started through their
 * own entry points at their defaults (the access log on), a LOG_LEVEL=warn twin
 * beside them for the request log's cost, compared targets measured in
 * sustained runs (warm-up discarded, then BENCH_SECONDS, default 8) in ABBA
 * rounds. Servers run in child processes, autocannon in another (bench/loader),
 * all on loopback. Prints the tables and writes bench/results/latest.json (or
 * BENCH_OUT; the folder is ignored by git); with --write-docs it also renders
 * docs/benchmarks.md and the target table of docs/performance.md from them
 * (bench/docs.ts renders a results file alone).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { loadAuthServerConfig } from '../src/infrastructure/config/AuthServerConfig';
import { projectRoot } from '../src/infrastructure/config/projectRoot';
import { forgeGeneration, rawCrypto } from './crypto';
import { profileTarget } from './profile';
import { formatScale, runScale, type ScaleRow } from './scale';
import { sustained, sustainedRows, type Target } from './lib/sustained';
import { LoadGenerator } from './lib/load';
import { issuerOf, issueToken, loginJob } from './lib/authCalls';
import { clientCredentialsToken, formJob, registerBenchClient, SCOPE } from './lib/oauthCalls';
import { measureIntrospection, measureRefresh, TOKEN_ENDPOINT_TARGETS } from './tokenEndpoint';
import { LIBRARY_TARGETS, measureLibrary } from './library';
import { LOGIN_STORE_TARGETS, measureLoginRoundTrips } from './loginRoundTrips';
import { DATABASE_LOGIN_TARGETS, measureDatabaseLogin } from './databaseLogin';
import { FEED_FLEET_TARGETS, measureFeedFleet } from './feedFleet';
import { benchPort, childExecArgv, onFreePort, scriptPath, startProgram, startScriptFlags, startServer, timeToHealthy, type RunningServer } from './lib/processes';
import { formatTable, formatTargets, Report, type Failure, type Figure } from './lib/report';
import { LATEST_RESULTS, measuredRevision, writeDocs, writeResults } from './lib/resultsFiles';

export interface BenchOptions {
  /** Seconds of each measured run (a warm-up of min(2 s, a quarter of it) comes first, discarded). */
  readonly seconds: number;
  readonly connections: number;
  readonly rsaBits: number;
  readonly out: string;
  readonly log: (line: string) => void;
  /** Runs that spend a minted token per request send `requests` over `connections` instead of running for `seconds` (the smoke). */
  readonly fed?: { readonly requests: number; readonly connections: number };
  /** Distinct tokens the library's memory row verifies (default 60,000; the smoke sends fewer). */
  readonly libraryTokens?: number;
  /** The store round-trip row: logins counted and the idle seconds counted before them (default 200 after 10 s; the smoke counts fewer). */
  readonly loginRoundTrips?: { readonly logins: number; readonly idleSeconds: number };
  /** The feed fleet rows: seconds of polling (and as many idle) and revocations in the list (default 30 s at 100,000; the smoke runs a short one). */
  readonly feedFleet?: { readonly seconds: number; readonly revocations: number };
}

export interface BenchResults {
  readonly machine: Record<string, unknown>;
  /** warmupSeconds and rounds are absent from results written before they were recorded. */
  readonly options: { seconds: number; connections: number; rsaBits: number; warmupSeconds?: number; rounds?: number };
  readonly baselines: Record<string, number>;
  /** Per CPU-second figures of the baselines that have one. */
  readonly efficiency: Record<string, number>;
  readonly figures: Figure[];
  /** Rows whose runs failed at the defaults, with why (absent from results written before rows could fail alone). */
  readonly failures?: Record<string, Failure>;
  readonly scale: ScaleRow[];
}

const SERVERS = join(__dirname, 'servers');

/** The figures of issue 21's target table, printed again on their own with PASS or short. */
export const TARGETS = {
  demoUnprotected: 'demo client unprotected route vs bare express',
  demoVsPeer: 'demo client protected GET vs express-jwt',
  demoProtectedVsOpen: 'demo client protected route vs its unprotected route',
  libraryVsBare: 'library middleware in bare express vs bare express',
  libraryVsPeer: 'library middleware in bare express vs express-jwt',
  loginVsRaw: 'auth login rsa req/s vs raw sign',
  loginVsOidc: 'auth login rsa vs oidc-provider',
  ...TOKEN_ENDPOINT_TARGETS,
  ...LOGIN_STORE_TARGETS,
  ...DATABASE_LOGIN_TARGETS,
  ...FEED_FLEET_TARGETS,
  coldStart: 'auth cold start to healthy, empty store',
  rss: 'auth RSS after the login runs',
  rssVsOidc: 'auth RSS after the login runs vs oidc-provider',
  logCostDemo: 'request log cost: demo client unprotected, info vs warn',
  logCostLogin: 'request log cost: auth login rsa, info vs warn',
  ...LIBRARY_TARGETS,
} as const;
/** The suffix of a figure measured with LOG_LEVEL=warn (no access log): the target table's second column. */
export const AT_WARN = ' [LOG_LEVEL=warn]';
/** Where the scale table and the store round-trip row create (and drop) their PostgreSQL databases. */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Plain ESM scripts are not compiled, so they are always taken from the sources. */
const ESM_SERVERS = join(projectRoot(__dirname), 'bench', 'servers');
const COMPOSITION = join(__dirname, '..', 'src', 'interfaces', 'composition');
/** The user store of the OAuth instance: a user per refresh token (a plain CommonJS file, taken from the sources). */
const BENCH_USERS = join(ESM_SERVERS, 'benchUsers.cjs');
/** Cold starts measured; the figure is their median. */
const COLD_STARTS = 5;

export async function runBench(options: BenchOptions): Promise<BenchResults> {
  const { seconds, connections, log } = options;
  const report = new Report();
  const { baselines, efficiency, figures } = report;
  const figure = report.figure.bind(report);
  const scratch = mkdtempSync(join(tmpdir(), 'auth-bench-'));
  const load = new LoadGenerator();
  const running: RunningServer[] = [];
  const scale: ScaleRow[] = [];
  // ≥ 2 s of discarded warm-up before every measured run of the real bench; the smoke run scales it down.
  const sustainedOptions = { seconds, connections, warmupSeconds: Math.min(2, Math.max(seconds / 4, 0.05)), rounds: 2, fed: options.fed };
  const measure = (targets: Target[]) => sustained(load, targets, sustainedOptions, log);
  const measureRows = (targets: Target[]) => sustainedRows(load, targets, sustainedOptions, log);

  const start = async (name: string, env: Record<string, string> = {}): Promise<RunningServer> => {
    const server = await startServer(name.endsWith('.mjs') ? join(ESM_SERVERS, name) : scriptPath(join(SERVERS, name)), env);
    running.push(server);
    return server;
  };
  const stop = async (server: RunningServer): Promise<void> => {
    running.splice(running.indexOf(server), 1);
    await server.stop();
  };
  /** A service through its own entry point, as `npm start` / `npm run start:client` run it. */
  const program = async (main: 'authServer' | 'clientDemo', env: Record<string, string>, health: string, processes = 1): Promise<RunningServer> => {
    const flags = startScriptFlags(main === 'authServer' ? 'start' : 'start:client');
    const server = await onFreePort((port) =>
      startProgram([...flags, ...childExecArgv(), scriptPath(join(COMPOSITION, main))], env, port, `http://127.0.0.1:${port}${health}`, processes),
    );
    running.push(server);
    return server;
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

    log(`cold start to healthy (spawn → 200 UP), median of ${COLD_STARTS}, in turns`);
    const bareCold: number[] = [];
    const authCold: number[] = [];
    const authMain = scriptPath(join(COMPOSITION, 'authServer'));
    for (let i = 0; i < COLD_STARTS; i++) {
      const coldPort = String(benchPort());
      bareCold.push(
        await timeToHealthy([...childExecArgv(), scriptPath(join(SERVERS, 'bareExpress'))], { PORT: coldPort }, `http://127.0.0.1:${coldPort}/hello`, (status) => status === 200),
      );
      authCold.push(
        await timeToHealthy(
          [...startScriptFlags('start'), ...childExecArgv(), authMain],
          { PORT: coldPort, AUTH_DATABASE_URL: `sqlite:${join(scratch, `cold-${i}.sqlite`)}` },
          `http://127.0.0.1:${coldPort}/auth/actuator/health`,
          (status, body) => status === 200 && body.includes('"UP"'),
        ),
      );
    }
    baselines['bare express cold start ms'] = median(bareCold);
    log(`  bare express ${median(bareCold).toFixed(0)} ms, auth service ${median(authCold).toFixed(0)} ms (all: ${authCold.map((ms) => ms.toFixed(0)).join(', ')})`);
    figure(TARGETS.coldStart, median(authCold), 'ms', 'bare express cold start ms', { on: 'value', limit: 400, atMost: true });

    log('starting the servers under test, each through its own entry point at its defaults (LOG_LEVEL=info), plus a LOG_LEVEL=warn twin');
    const authEnv = (name: string, extra: Record<string, string> = {}) => ({
      AUTH_DATABASE_URL: `sqlite:${join(scratch, `${name}.sqlite`)}`,
      // One load generator on one address is not a brute-force attack: keep a login rate limit out of the figures.
      AUTH_LOGIN_MAX_ATTEMPTS: '100000',
      ...extra,
    });
    const health = '/auth/actuator/health';
    const bare = await start('bareExpress');
    const auth = await program('authServer', authEnv('auth'), health);
    const authWarn = await program('authServer', authEnv('auth-warn', { LOG_LEVEL: 'warn' }), health);
    const authEcdsa = await program('authServer', authEnv('auth-ecdsa', { AUTH_SIGN_METHOD: 'ecdsa' }), health);
    const authHmac = await program('authServer', authEnv('auth-hmac', { AUTH_SIGN_METHOD: 'hmac' }), health);
    const oidc = await start('oidcPeer.mjs', { BENCH_RSA_BITS: String(options.rsaBits) });
    const token = await issueToken(auth.port);
    const kid = (JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as { kid: string }).kid;
    const bearer = { authorization: `Bearer ${token}` };
    const keyUrl = `http://127.0.0.1:${auth.port}/auth/client/user/secret/key?appId=bench&appSecret=bench`;
    const authUrl = `http://127.0.0.1:${auth.port}`;
    const jwtPeer = await start('expressJwtPeer', { AUTH_KEY_URL: keyUrl, AUTH_KID: kid, AUTH_ISSUER: issuerOf(token) });
    const library = await start('libraryMiddleware', { AUTH_SERVER_URL: authUrl });
    const demoEnv = { AUTH_SERVER_URL: authUrl, AUTH_SERVER_CONTEXT_PATH: 'auth', AUTH_APP_ID: 'bench', AUTH_APP_SECRET: 'bench' };
    const demoHealth = '/auth-client-demo/actuator/health';
    const demo = await program('clientDemo', demoEnv, demoHealth);
    const demoWarn = await program('clientDemo', { ...demoEnv, LOG_LEVEL: 'warn' }, demoHealth);
    const url = (server: RunningServer, path: string) => `http://127.0.0.1:${server.port}${path}`;
    const demoOpen = '/auth-client-demo/actuator/info';
    const demoProtected = '/auth-client-demo/current/user/details';

    log(`GET routes, sustained (${sustainedOptions.warmupSeconds} s warm-up, ${seconds} s measured, ${sustainedOptions.rounds} rounds ABBA)`);
    const gets = await measure([
      { label: 'bare express', server: bare, job: { url: url(bare, '/hello') } },
      { label: 'demo client unprotected', server: demo, job: { url: url(demo, demoOpen) } },
      { label: 'demo client unprotected, warn', server: demoWarn, job: { url: url(demoWarn, demoOpen) } },
      { label: 'demo client protected', server: demo, job: { url: url(demo, demoProtected), headers: bearer } },
      { label: 'demo client protected, warn', server: demoWarn, job: { url: url(demoWarn, demoProtected), headers: bearer } },
      { label: 'library middleware', server: library, job: { url: url(library, '/api/current/user/details'), headers: bearer } },
      { label: 'express-jwt protected', server: jwtPeer, job: { url: url(jwtPeer, '/auth/current/user/details'), headers: bearer } },
      { label: 'auth protected', server: auth, job: { url: url(auth, '/auth/current/user/details'), headers: bearer } },
      { label: 'auth unprotected', server: auth, job: { url: keyUrl } },
    ]);
    const bareResult = gets.get('bare express')!;
    report.asBaseline('bare express req/s', bareResult);
    baselines['bare express p50 ms'] = Math.max(bareResult.p50, 0.001);
    baselines['bare express p99 ms'] = Math.max(bareResult.p99, 0.001);
    baselines['bare express RSS MB'] = bare.rss() / 2 ** 20;
    const peer = 'express-jwt protected GET req/s';
    report.asBaseline(peer, gets.get('express-jwt protected')!);
    report.rate('express-jwt protected GET req/s', gets.get('express-jwt protected')!, 'bare express req/s');

    const demoOpenInfo = gets.get('demo client unprotected')!;
    const demoOpenWarn = gets.get('demo client unprotected, warn')!;
    report.rate(TARGETS.demoUnprotected, demoOpenInfo, 'bare express req/s', { limit: 0.7 });
    report.rate(`${TARGETS.demoUnprotected}${AT_WARN}`, demoOpenWarn, 'bare express req/s');
    report.asBaseline('demo client unprotected req/s, LOG_LEVEL=warn', demoOpenWarn);
    report.rate(TARGETS.logCostDemo, demoOpenInfo, 'demo client unprotected req/s, LOG_LEVEL=warn', { limit: 0.9 });
    report.rate(TARGETS.demoVsPeer, gets.get('demo client protected')!, peer, { limit: 1.5 });
    report.rate(`${TARGETS.demoVsPeer}${AT_WARN}`, gets.get('demo client protected, warn')!, peer);
    // What the demo's token check costs on top of its own routing: both routes of one process, in the same rounds.
    report.asBaseline('demo client unprotected req/s', demoOpenInfo);
    report.rate(TARGETS.demoProtectedVsOpen, gets.get('demo client protected')!, 'demo client unprotected req/s', { limit: 0.9 });
    report.rate(`${TARGETS.demoProtectedVsOpen}${AT_WARN}`, gets.get('demo client protected, warn')!, 'demo client unprotected req/s, LOG_LEVEL=warn');
    const libraryResult = gets.get('library middleware')!;
    report.rate(TARGETS.libraryVsBare, libraryResult, 'bare express req/s', { limit: 0.9 });
    report.rate(TARGETS.libraryVsPeer, libraryResult, peer, { limit: 2 });
    report.http('auth protected GET', gets.get('auth protected')!, 'bare express req/s');
    report.rate('auth protected GET vs express-jwt', gets.get('auth protected')!, peer);
    report.rate('auth unprotected route req/s (framework cost)', gets.get('auth unprotected')!, 'bare express req/s');
    for (const server of [bare, demo, demoWarn, library, jwtPeer]) await stop(server);

    log('the OAuth instance of the auth service: a confidential client registered by `npm run clients -- add`, then started');
    const oauthEnv = authEnv('oauth', { AUTH_USER_STORE: `module:${BENCH_USERS}` });
    const client = await registerBenchClient(oauthEnv.AUTH_DATABASE_URL);
    const oauth = await program('authServer', oauthEnv, health);
    const ccBody = `grant_type=client_credentials&scope=${SCOPE}`;
    await clientCredentialsToken(url(oauth, '/auth/oauth/token'), client);

    log('token issuance, sustained: auth service (login rsa at info and warn, ecdsa, hmac; client_credentials), oidc-provider client_credentials');
    const logins = await measure([
      { label: 'auth client_credentials', server: oauth, job: formJob(url(oauth, '/auth/oauth/token'), client, ccBody) },
      { label: 'auth login rsa', server: auth, job: loginJob(auth.port) },
      { label: 'auth login rsa, warn', server: authWarn, job: loginJob(authWarn.port) },
      { label: 'auth login ecdsa', server: authEcdsa, job: loginJob(authEcdsa.port) },
      { label: 'auth login hmac', server: authHmac, job: loginJob(authHmac.port) },
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
    ]);
    const login = logins.get('auth login rsa')!;
    const loginWarn = logins.get('auth login rsa, warn')!;
    report.asBaseline('auth login rsa req/s', login);
    report.http('auth login rsa', login, 'bare express req/s');
    report.rate(TARGETS.loginVsRaw, login, 'raw RS256 sign ops/s', { limit: 0.8 });
    report.rate(`${TARGETS.loginVsRaw}${AT_WARN}`, loginWarn, 'raw RS256 sign ops/s');
    report.asBaseline('auth login rsa req/s, LOG_LEVEL=warn', loginWarn);
    report.rate(TARGETS.logCostLogin, login, 'auth login rsa req/s, LOG_LEVEL=warn', { limit: 0.9 });
    for (const method of ['ecdsa', 'hmac'] as const) {
      const result = logins.get(`auth login ${method}`)!;
      report.http(`auth login ${method}`, result, 'bare express req/s');
      const rawSign = `raw ${method === 'ecdsa' ? 'ES256' : 'HS256'} sign ops/s`;
      report.rate(`auth login ${method} req/s vs raw sign`, result, rawSign);
    }
    const oidcResult = logins.get('oidc-provider token')!;
    report.asBaseline('oidc-provider token req/s', oidcResult);
    report.rate(TARGETS.loginVsOidc, login, 'oidc-provider token req/s', { limit: 1.2 });
    report.rate(`${TARGETS.loginVsOidc}${AT_WARN}`, loginWarn, 'oidc-provider token req/s');
    const clientCredentials = logins.get('auth client_credentials')!;
    report.http('auth client_credentials', clientCredentials, 'bare express req/s');
    report.rate(TARGETS.clientCredentialsVsOidc, clientCredentials, 'oidc-provider token req/s', { limit: 1.2 });
    baselines['oidc-provider RSS after its token runs MB'] = oidc.rss() / 2 ** 20;
    const authRss = auth.rss() / 2 ** 20;
    log(`  RSS after the login runs: auth ${authRss.toFixed(0)} MB (warn twin ${(authWarn.rss() / 2 ** 20).toFixed(0)} MB), oidc-provider ${baselines['oidc-provider RSS after its token runs MB'].toFixed(0)} MB`);
    figure(TARGETS.rss, authRss, 'MB', 'bare express RSS MB', { on: 'value', limit: 100, atMost: true });
    figure(TARGETS.rssVsOidc, authRss, 'MB', 'oidc-provider RSS after its token runs MB', { limit: 1, atMost: true });
    figure(`${TARGETS.rss}${AT_WARN}`, authWarn.rss() / 2 ** 20, 'MB', 'bare express RSS MB');

    for (const server of [authWarn, authEcdsa, authHmac]) await stop(server);

    log('introspection, sustained: auth service (its client_credentials JWT, a refresh token), oidc-provider (its opaque client_credentials token, a refresh token)');
    const rows = { report, measure: measureRows, auth: oauth, client, oidc, log };
    await measureIntrospection(rows);
    log('refresh_token with rotation, sustained, each request spending a refresh token minted before its run');
    const fastest = (result: typeof clientCredentials) => Math.max(...(result.rounds ?? [result.reqPerSec]));
    await measureRefresh(rows, { auth: fastest(clientCredentials), oidc: fastest(oidcResult) });
    for (const server of [oauth, oidc]) await stop(server);

    if (supportsAuthWorkers()) {
      log('auth service, rsa, AUTH_WORKERS=2 (its own node:cluster primary, shared SQLite file) against one process');
      const cluster = await program('authServer', authEnv('cluster', { AUTH_WORKERS: '2' }), health, 3);
      const scaled = await measure([
        { label: 'login, 1 process', server: auth, job: loginJob(auth.port) },
        { label: 'login, 2 workers', server: cluster, job: loginJob(cluster.port) },
        { label: 'protected GET, 1 process', server: auth, job: { url: url(auth, '/auth/current/user/details'), headers: bearer } },
        {
          label: 'protected GET, 2 workers',
          server: cluster,
          job: { url: url(cluster, '/auth/current/user/details'), headers: { authorization: `Bearer ${await issueToken(cluster.port)}` } },
        },
      ]);
      report.asBaseline('auth login rsa req/s, 1 process (same rounds)', scaled.get('login, 1 process')!);
      report.asBaseline('auth protected GET req/s, 1 process (same rounds)', scaled.get('protected GET, 1 process')!);
      const clusterLogin = scaled.get('login, 2 workers')!;
      figure('auth login rsa, 2 workers', clusterLogin.reqPerSec, 'req/s', 'auth login rsa req/s, 1 process (same rounds)', undefined, clusterLogin.reqPerCpuSec);
      const clusterGet = scaled.get('protected GET, 2 workers')!;
      figure('auth protected GET, 2 workers', clusterGet.reqPerSec, 'req/s', 'auth protected GET req/s, 1 process (same rounds)', undefined, clusterGet.reqPerCpuSec);
      figure('auth RSS, 2 workers + primary', cluster.rss() / 2 ** 20, 'MB', 'bare express RSS MB');
      await stop(cluster);
    }
    await stop(auth);
    await measureLoginRoundTrips({ report, postgresUrl: POSTGRES_URL, ...(options.loginRoundTrips ?? { logins: 200, idleSeconds: 10 }), log });
    await measureDatabaseLogin({ report, load, sustained: sustainedOptions, scratch, log });
    await measureFeedFleet({ report, scratch, ...(options.feedFleet ?? { seconds: 30, revocations: 100_000 }), log });
    await measureLibrary({ report, seconds, tokens: options.libraryTokens ?? 60_000, log });
    scale.push(...(await runScale({ seconds: Math.min(seconds, 2), scratch, postgresUrl: POSTGRES_URL, log })));
  } finally {
    load.close();
    await Promise.all(running.map((server) => server.stop()));
    rmSync(scratch, { recursive: true, force: true });
  }

  const results: BenchResults = {
    machine: machine(),
    options: { seconds, connections, rsaBits: options.rsaBits, warmupSeconds: sustainedOptions.warmupSeconds, rounds: sustainedOptions.rounds },
    baselines,
    efficiency,
    figures,
    failures: report.failures,
    scale,
  };
  writeResults(options.out, results);
  return results;
}

/** When and where the figures were taken: they mean nothing without it. */
function machine(): Record<string, unknown> {
  return {
    date: new Date().toISOString(),
    commit: measuredRevision(),
    cpus: cpus().length,
    model: cpus()[0]?.model,
    node: process.version,
    loadavg: loadavg().map((load) => Number(load.toFixed(2))),
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** True once the service reads AUTH_WORKERS itself (then the bench starts it through its own entry point). */
function supportsAuthWorkers(): boolean {
  const config = loadAuthServerConfig({ AUTH_WORKERS: '2', AUTH_DATABASE_URL: 'sqlite:bench.sqlite', AUTH_ISSUER: 'http://127.0.0.1/auth' });
  return (config as unknown as { workers?: unknown }).workers === 2;
}


async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? '8');
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
  const out = process.env.BENCH_OUT ?? LATEST_RESULTS;
  const results = await runBench({
    seconds,
    connections: Number(process.env.BENCH_CONNECTIONS ?? '50'),
    rsaBits: 2048,
    out,
    log: (line) => console.error(line),
  });
  console.log(formatTable(results.figures, results.baselines, results.failures));
  console.log('');
  console.log(formatTargets(results.figures, Object.values(TARGETS), AT_WARN, results.machine, results.failures));
  console.log('');
  console.log(formatScale(results.scale));
  if (process.argv.includes('--write-docs')) {
    const source = relative(projectRoot(__dirname), out);
    writeDocs(results, { targets: Object.values(TARGETS), warnSuffix: AT_WARN, source });
    console.error(`wrote docs/benchmarks.md and the target table of docs/performance.md from ${source}`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : String(error));
    process.exit(1);
  });
}
