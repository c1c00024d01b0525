/**
 * `npm run bench -- --profile <target>`: runs one bench target with the server
 * under `node --cpu-prof`, and prints where its CPU time goes during the load
 * run (self time by package: node_modules/<pkg>, node internals, our src, GC).
 * The auth service (and the demo client) run through their own entry points.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueToken, loginJob } from './lib/authCalls';
import { clientCredentialsToken, formJob, PasswordGrantMinter, REFRESH_PREFIX, registerBenchClient, SCOPE, type BenchClient } from './lib/oauthCalls';
import { TokenFeed } from './lib/tokenFeed';
import { formatProfileSummary, summarizeProfile } from './lib/cpuProfile';
import { LoadGenerator, type LoadJob } from './lib/load';
import { childExecArgv, onFreePort, scriptPath, startProgram, startScriptFlags, type RunningServer } from './lib/processes';
import { projectRoot } from '../src/infrastructure/config/projectRoot';

const COMPOSITION = join(__dirname, '..', 'src', 'interfaces', 'composition');
/** The token-endpoint rows' user store (bench/tokenEndpoint.ts), a plain CommonJS file taken from the sources. */
const BENCH_USERS = join(projectRoot(__dirname), 'bench', 'servers', 'benchUsers.cjs');

/** How long a profiled server may take to exit by itself after SIGTERM (its shutdown grace and idle close are 3 + 5 s). */
const PROFILED_EXIT_MS = 30_000;

type Job = Omit<LoadJob, 'connections' | 'seconds' | 'feed'>;

interface Target {
  readonly describe: string;
  /** Which process is profiled: the auth service or the demo client. */
  readonly profiled: 'auth' | 'demo';
  /** The token-endpoint rows' set-up: a client registered through the CLI before the start, the bench's user store. */
  readonly oauth?: true;
  job(auth: RunningServer, demo: RunningServer | null, client: BenchClient | null): Promise<Job>;
  /** For a row that spends a token per request: where its tokens come from. */
  feed?(auth: RunningServer, client: BenchClient): { feed: TokenFeed; close(): void };
}

/** The servers run at their default level (info) unless BENCH_LOG_LEVEL asks for another (e.g. warn, to see the access log's share). */
const logLevel = (): Record<string, string> => (process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {});
/** How a profile run's header says it was not at the defaults. */
const levelLabel = (): string => (process.env.BENCH_LOG_LEVEL ? ` [LOG_LEVEL=${process.env.BENCH_LOG_LEVEL}]` : ' (defaults: LOG_LEVEL=info)');

const bearer = async (auth: RunningServer) => ({ authorization: `Bearer ${await issueToken(auth.port)}` });
const oauthUrl = (auth: RunningServer, path: string) => `http://127.0.0.1:${auth.port}/auth/oauth/${path}`;

export const PROFILE_TARGETS: Readonly<Record<string, Target>> = {
  login: { describe: 'auth service login, RS256', profiled: 'auth', job: async (auth) => loginJob(auth.port) },
  'auth-protected': {
    describe: 'auth service protected GET /auth/current/user/details',
    profiled: 'auth',
    job: async (auth) => ({ url: `http://127.0.0.1:${auth.port}/auth/current/user/details`, headers: await bearer(auth) }),
  },
  'auth-unprotected': {
    describe: 'auth service unprotected GET (the verification key)',
    profiled: 'auth',
    job: async (auth) => ({ url: `http://127.0.0.1:${auth.port}/auth/client/user/secret/key?appId=bench&appSecret=bench` }),
  },
  'demo-protected': {
    describe: 'demo client protected GET /auth-client-demo/current/user/details',
    profiled: 'demo',
    job: async (auth, demo) => ({ url: `http://127.0.0.1:${demo!.port}/auth-client-demo/current/user/details`, headers: await bearer(auth) }),
  },
  'demo-unprotected': {
    describe: 'demo client unprotected GET /auth-client-demo/actuator/info',
    profiled: 'demo',
    job: async (_auth, demo) => ({ url: `http://127.0.0.1:${demo!.port}/auth-client-demo/actuator/info` }),
  },
  'client-credentials': {
    describe: 'auth service client_credentials, RS256 JWT access token, client_secret_basic',
    profiled: 'auth',
    oauth: true,
    job: async (auth, _demo, client) => formJob(oauthUrl(auth, 'token'), client!, `grant_type=client_credentials&scope=${SCOPE}`),
  },
  introspection: {
    describe: 'auth service introspection of its client_credentials JWT, client_secret_basic',
    profiled: 'auth',
    oauth: true,
    job: async (auth, _demo, client) => formJob(oauthUrl(auth, 'introspect'), client!, `token=${await clientCredentialsToken(oauthUrl(auth, 'token'), client!)}`),
  },
  refresh: {
    describe: 'auth service refresh_token with rotation, each request spending a refresh token minted before the run',
    profiled: 'auth',
    oauth: true,
    job: async (auth, _demo, client) => formJob(oauthUrl(auth, 'token'), client!, 'grant_type=refresh_token'),
    feed: (auth, client) => {
      const minter = new PasswordGrantMinter(oauthUrl(auth, 'token'), client);
      // The first run is minted for 2 × 800/s, later ones for twice the fastest run seen.
      const feed = new TokenFeed({ id: 'profile refresh_token', bodyPrefix: REFRESH_PREFIX, initialRate: 800, mint: (count) => minter.mint(count) });
      return { feed, close: () => minter.close() };
    },
  },
};

export interface ProfileOptions {
  readonly target: string;
  readonly seconds: number;
  readonly connections: number;
  readonly log: (line: string) => void;
}

/** Runs the target under load with its server profiled; returns the printed summary. */
export async function profileTarget(options: ProfileOptions): Promise<string> {
  if (options.target === 'cold-start') return profileColdStart();
  const target = PROFILE_TARGETS[options.target];
  if (!target) throw new Error(`unknown profile target "${options.target}"; one of: cold-start, ${Object.keys(PROFILE_TARGETS).join(', ')}`);
  const scratch = mkdtempSync(join(tmpdir(), 'auth-profile-'));
  const profileDir = join(scratch, 'profiles');
  const profileArgs = ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
  const load = new LoadGenerator();
  const running: RunningServer[] = [];
  let closeFeed = () => undefined as void;
  try {
    const databaseUrl = `sqlite:${join(scratch, 'auth.sqlite')}`;
    const client = target.oauth ? await registerBenchClient(databaseUrl) : null;
    const auth = await onFreePort((port) =>
      startProgram(
        [...(target.profiled === 'auth' ? profileArgs : []), ...startScriptFlags('start'), ...childExecArgv(), scriptPath(join(COMPOSITION, 'authServer'))],
        {
          ...logLevel(),
          AUTH_DATABASE_URL: databaseUrl,
          AUTH_ISSUER: 'http://127.0.0.1/auth',
          AUTH_LOGIN_MAX_ATTEMPTS: '100000',
          ...(target.oauth ? { AUTH_USER_STORE: `module:${BENCH_USERS}` } : {}),
        },
        port,
        `http://127.0.0.1:${port}/auth/actuator/health`,
      ),
    );
    running.push(auth);
    let demo: RunningServer | null = null;
    if (target.profiled === 'demo') {
      demo = await onFreePort((port) =>
        startProgram(
          [...profileArgs, ...startScriptFlags('start:client'), ...childExecArgv(), scriptPath(join(COMPOSITION, 'clientDemo'))],
          { ...logLevel(), AUTH_SERVER_URL: `http://127.0.0.1:${auth.port}`, AUTH_SERVER_CONTEXT_PATH: 'auth', AUTH_APP_ID: 'bench', AUTH_APP_SECRET: 'bench' },
          port,
          `http://127.0.0.1:${port}/auth-client-demo/actuator/health`,
        ),
      );
      running.push(demo);
    }
    const job = await target.job(auth, demo, client);
    const fed = target.feed?.(auth, client!);
    closeFeed = () => fed?.close();
    /** A run of `seconds`, its tokens minted first when the row spends them. */
    const run = async (seconds: number) => {
      const bound = { connections: options.connections, seconds };
      const feed = fed && (await fed.feed.forRun(bound));
      const fromUs = Number(process.hrtime.bigint() / 1000n);
      const result = await load.run({ ...job, ...bound, feed });
      fed?.feed.ran(result.fed ?? 0, result.reqPerSec);
      return { result, window: { fromUs, toUs: Number(process.hrtime.bigint() / 1000n) } };
    };
    options.log(`profiling ${target.describe}${levelLabel()}: warm-up ${Math.ceil(options.seconds / 4)} s, then ${options.seconds} s at ${options.connections} connections`);
    await run(Math.ceil(options.seconds / 4));
    const { result, window } = await run(options.seconds);
    // Time to answer what is still in flight and write the profile (a request of a stalled store takes seconds).
    for (const server of running.splice(0).reverse()) await server.stop(PROFILED_EXIT_MS);
    const files = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
    if (files.length !== 1) throw new Error(`expected one .cpuprofile in ${profileDir}, found ${files.length}`);
    const summary = summarizeProfile(join(profileDir, files[0]), window);
    const header = `${target.describe}: ${result.reqPerSec.toFixed(0)} req/s under the profiler (${result.non2xx} non-2xx, ${result.errors} errors)`;
    return `${header}\n${formatProfileSummary(summary)}`;
  } finally {
    closeFeed();
    load.close();
    await Promise.all(running.map((server) => server.stop()));
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The auth service from spawn to healthy on an empty SQLite file, profiled as a
 * whole (module loading, migrations, key generation); stopped once healthy.
 */
async function profileColdStart(): Promise<string> {
  const scratch = mkdtempSync(join(tmpdir(), 'auth-profile-'));
  const profileDir = join(scratch, 'profiles');
  try {
    const started = process.hrtime.bigint();
    const auth = await onFreePort((port) =>
      startProgram(
        ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...startScriptFlags('start'), ...childExecArgv(), scriptPath(join(COMPOSITION, 'authServer'))],
        { ...logLevel(), AUTH_DATABASE_URL: `sqlite:${join(scratch, 'cold.sqlite')}`, AUTH_ISSUER: 'http://127.0.0.1/auth' },
        port,
        `http://127.0.0.1:${port}/auth/actuator/health`,
      ),
    );
    const healthyMs = Number(process.hrtime.bigint() - started) / 1e6;
    await auth.stop();
    const files = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
    if (files.length !== 1) throw new Error(`expected one .cpuprofile in ${profileDir}, found ${files.length}`);
    return `auth service cold start on an empty SQLite file: healthy after ${healthyMs.toFixed(0)} ms (under the profiler)\n${formatProfileSummary(summarizeProfile(join(profileDir, files[0])))}`;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
