import { availableParallelism } from 'node:os';
import { IsIn, IsInt, isURL, Matches, Max, Min } from 'class-validator';
import { defaultAlgorithm, isAlgorithmOf, isSignMethod, SIGN_METHODS, type SignMethod } from '@auth-service/client/internal/domain/model/SignMethod';
import type { ClientCredentials } from '../auth/StaticClientRegistry';
import { bindHost } from './bindHost';
import { ANT_PATTERN, CONTEXT_PATH_PATTERN, contextPath, integer, list, LOG_LEVELS, text, validated, type Env } from '@auth-service/client/internal/infrastructure/config/envValues';
import { trustProxy, type TrustProxy } from './trustProxy';

export const USER_STORES = ['stub', 'database'] as const;
export type UserStore = (typeof USER_STORES)[number];

export const TOKEN_SIGNERS = ['native', 'jsonwebtoken'] as const;
export type TokenSignerKind = (typeof TOKEN_SIGNERS)[number];

/** The auth service's settings, typed and checked; see README for each variable. */
export class AuthServerConfig {
  @IsInt({ message: 'PORT must be a whole number from 0 to 65535' })
  @Min(0, { message: 'PORT must be a whole number from 0 to 65535' })
  @Max(65535, { message: 'PORT must be a whole number from 0 to 65535' })
  port!: number;

  /** The address to listen on (`HOST`); undefined binds every interface. */
  host!: string | undefined;

  @Matches(CONTEXT_PATH_PATTERN, { message: 'AUTH_CONTEXT_PATH must be a path such as "auth"' })
  contextPath!: string;

  @IsIn(SIGN_METHODS, { message: `AUTH_SIGN_METHOD must be one of ${SIGN_METHODS.join(', ')}` })
  signMethod!: SignMethod;

  signAlg!: string;

  @IsInt({ message: 'AUTH_RSA_BITS must be a whole number from 2048 to 8192' })
  @Min(2048, { message: 'AUTH_RSA_BITS must be a whole number from 2048 to 8192' })
  @Max(8192, { message: 'AUTH_RSA_BITS must be a whole number from 2048 to 8192' })
  rsaBits!: number;

  @Matches(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, {
    message: 'AUTH_DATABASE_URL must be sqlite:<file>, sqlite::memory: or postgres://…',
  })
  databaseUrl!: string;

  @IsInt({ message: 'AUTH_DATABASE_CONNECT_SECONDS must be a whole number of seconds from 0 to 3600' })
  @Min(0, { message: 'AUTH_DATABASE_CONNECT_SECONDS must be a whole number of seconds from 0 to 3600' })
  @Max(3600, { message: 'AUTH_DATABASE_CONNECT_SECONDS must be a whole number of seconds from 0 to 3600' })
  databaseConnectSeconds!: number;

  @IsInt({ message: 'AUTH_WORKERS must be a whole number from 1 to 64' })
  @Min(1, { message: 'AUTH_WORKERS must be a whole number from 1 to 64' })
  @Max(64, { message: 'AUTH_WORKERS must be a whole number from 1 to 64' })
  workers!: number;

  @IsInt({ message: 'AUTH_TOKEN_TTL_SECONDS must be a whole number of seconds, at least 1' })
  @Min(1, { message: 'AUTH_TOKEN_TTL_SECONDS must be a whole number of seconds, at least 1' })
  tokenTtlSeconds!: number;

  @IsInt({ message: 'AUTH_CLOCK_TOLERANCE_SECONDS must be a whole number from 0 to 300' })
  @Min(0, { message: 'AUTH_CLOCK_TOLERANCE_SECONDS must be a whole number from 0 to 300' })
  @Max(300, { message: 'AUTH_CLOCK_TOLERANCE_SECONDS must be a whole number from 0 to 300' })
  clockToleranceSeconds!: number;

  /**
   * AUTH_ISSUER, or this instance's derived default (recorded in the shared store
   * at first start and read back from there: see EnsureIssuer). Checked in
   * loadAuthServerConfig only when set: a derived issuer is as valid as PORT and the context path.
   */
  issuer!: string;

  /** True when AUTH_ISSUER is set: it wins over the issuer recorded in the store. */
  issuerExplicit!: boolean;

  @Matches(ANT_PATTERN, { each: true, message: 'AUTH_PASS_LIST must be comma-separated paths such as /oauth/jwt/**' })
  passList!: string[];

  clients!: ClientCredentials[];

  @IsInt({ message: 'AUTH_KEY_PUBLISH_AHEAD_SECONDS must be a whole number of seconds, at least 1' })
  @Min(1, { message: 'AUTH_KEY_PUBLISH_AHEAD_SECONDS must be a whole number of seconds, at least 1' })
  keyPublishAheadSeconds!: number;

  @IsInt({ message: 'AUTH_KEY_ROTATION_DAYS must be a whole number of days (0 = off)' })
  @Min(0, { message: 'AUTH_KEY_ROTATION_DAYS must be a whole number of days (0 = off)' })
  keyRotationDays!: number;

  @IsInt({ message: 'AUTH_KEY_SYNC_SECONDS must be a whole number of seconds, at least 1' })
  @Min(1, { message: 'AUTH_KEY_SYNC_SECONDS must be a whole number of seconds, at least 1' })
  keySyncSeconds!: number;

  /** How often each instance re-reads the shared revocations (other instances' and the CLI's writes). */
  @IsInt({ message: 'AUTH_REVOCATION_SYNC_SECONDS must be a whole number of seconds, at least 1' })
  @Min(1, { message: 'AUTH_REVOCATION_SYNC_SECONDS must be a whole number of seconds, at least 1' })
  revocationSyncSeconds!: number;

  @IsInt({ message: 'AUTH_KEY_RETIRE_MARGIN_SECONDS must be a whole number of seconds from 0 to 86400' })
  @Min(0, { message: 'AUTH_KEY_RETIRE_MARGIN_SECONDS must be a whole number of seconds from 0 to 86400' })
  @Max(86_400, { message: 'AUTH_KEY_RETIRE_MARGIN_SECONDS must be a whole number of seconds from 0 to 86400' })
  keyRetireMarginSeconds!: number;

  /** Base64 of 32 bytes, or null for plaintext keys at rest. */
  keyEncryptionKey!: string | null;

  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  logLevel!: string;

  /** `native` signs with node:crypto off the event loop; `jsonwebtoken` is the synchronous library path. */
  @IsIn(TOKEN_SIGNERS, { message: `AUTH_TOKEN_SIGNER must be one of ${TOKEN_SIGNERS.join(', ')}` })
  tokenSigner!: TokenSignerKind;

  /** How many verified tokens are remembered until their exp (0 turns the cache off). */
  @IsInt({ message: 'AUTH_VERIFIED_TOKEN_CACHE must be a whole number from 0 to 1000000' })
  @Min(0, { message: 'AUTH_VERIFIED_TOKEN_CACHE must be a whole number from 0 to 1000000' })
  @Max(1_000_000, { message: 'AUTH_VERIFIED_TOKEN_CACHE must be a whole number from 0 to 1000000' })
  verifiedTokenCacheSize!: number;

  @IsIn(USER_STORES, { message: `AUTH_USER_STORE must be one of ${USER_STORES.join(', ')}` })
  userStore!: UserStore;

  @IsInt({ message: 'AUTH_LOGIN_MAX_ATTEMPTS must be a whole number from 1 to 100000' })
  @Min(1, { message: 'AUTH_LOGIN_MAX_ATTEMPTS must be a whole number from 1 to 100000' })
  @Max(100_000, { message: 'AUTH_LOGIN_MAX_ATTEMPTS must be a whole number from 1 to 100000' })
  loginMaxAttempts!: number;

  @IsInt({ message: 'AUTH_LOGIN_WINDOW_SECONDS must be a whole number from 1 to 86400' })
  @Min(1, { message: 'AUTH_LOGIN_WINDOW_SECONDS must be a whole number from 1 to 86400' })
  @Max(86_400, { message: 'AUTH_LOGIN_WINDOW_SECONDS must be a whole number from 1 to 86400' })
  loginWindowSeconds!: number;

  /** Express `trust proxy`: which hops' X-Forwarded-For to believe for the client address. */
  trustProxy!: TrustProxy;

  /** Password hashes computed at once per process; below threadPoolSize so other thread-pool work always has a thread. */
  @IsInt({ message: 'AUTH_HASH_CONCURRENCY must be a whole number from 1 to 64' })
  @Min(1, { message: 'AUTH_HASH_CONCURRENCY must be a whole number from 1 to 64' })
  @Max(64, { message: 'AUTH_HASH_CONCURRENCY must be a whole number from 1 to 64' })
  hashConcurrency!: number;

  /** Password hashes that may wait for a slot; more are refused at once with 503. */
  @IsInt({ message: 'AUTH_HASH_QUEUE must be a whole number from 0 to 10000' })
  @Min(0, { message: 'AUTH_HASH_QUEUE must be a whole number from 0 to 10000' })
  @Max(10_000, { message: 'AUTH_HASH_QUEUE must be a whole number from 0 to 10000' })
  hashQueue!: number;

  /** libuv thread-pool size the entry point sets (UV_THREADPOOL_SIZE) before the pool is first used. */
  @IsInt({ message: 'UV_THREADPOOL_SIZE must be a whole number from 2 to 1024' })
  @Min(2, { message: 'UV_THREADPOOL_SIZE must be a whole number from 2 to 1024' })
  @Max(1024, { message: 'UV_THREADPOOL_SIZE must be a whole number from 2 to 1024' })
  threadPoolSize!: number;

  /** After SIGTERM: how long the server keeps answering (readiness DOWN, `Connection: close`) before it stops accepting. */
  @IsInt({ message: 'AUTH_SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 0 to 6000' })
  @Min(0, { message: 'AUTH_SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 0 to 6000' })
  @Max(6000, { message: 'AUTH_SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 0 to 6000' })
  shutdownGraceMs!: number;
}

/** Threads left to database, file and DNS work beside the hashes: libuv's own default pool size. */
const THREADS_BESIDE_HASHING = 4;

export function loadAuthServerConfig(env: Env): Readonly<AuthServerConfig> {
  const config = new AuthServerConfig();
  const problems: string[] = [];
  config.port = integer(env, 'PORT', 8001);
  config.host = bindHost(env, 'HOST', problems);
  config.contextPath = contextPath(env, 'AUTH_CONTEXT_PATH', 'auth');
  config.signMethod = text(env, 'AUTH_SIGN_METHOD', 'rsa').toLowerCase() as SignMethod;
  config.signAlg = text(env, 'AUTH_SIGN_ALG', isSignMethod(config.signMethod) ? defaultAlgorithm(config.signMethod) : '').toUpperCase();
  if (isSignMethod(config.signMethod) && !isAlgorithmOf(config.signMethod, config.signAlg)) {
    problems.push(`AUTH_SIGN_ALG ${JSON.stringify(config.signAlg)} does not belong to AUTH_SIGN_METHOD ${config.signMethod}`);
  }
  config.rsaBits = integer(env, 'AUTH_RSA_BITS', 2048);
  config.databaseUrl = text(env, 'AUTH_DATABASE_URL', 'sqlite:data/auth.sqlite');
  config.databaseConnectSeconds = integer(env, 'AUTH_DATABASE_CONNECT_SECONDS', 30);
  config.workers = integer(env, 'AUTH_WORKERS', 1);
  if (config.workers > 1 && config.databaseUrl === 'sqlite::memory:') {
    problems.push('AUTH_WORKERS above 1 needs a shared AUTH_DATABASE_URL (a file or PostgreSQL), not sqlite::memory:');
  }
  config.tokenTtlSeconds = integer(env, 'AUTH_TOKEN_TTL_SECONDS', 18000);
  config.clockToleranceSeconds = integer(env, 'AUTH_CLOCK_TOLERANCE_SECONDS', 0);
  config.issuer = text(env, 'AUTH_ISSUER', `http://localhost:${config.port}/${config.contextPath}`);
  config.issuerExplicit = Boolean(env.AUTH_ISSUER?.trim());
  // A bad PORT or context path is reported under its own name, not again as a bad derived issuer.
  if (env.AUTH_ISSUER?.trim() && !isURL(config.issuer, { require_tld: false, require_protocol: true })) {
    problems.push('AUTH_ISSUER must be an absolute URL');
  }
  config.passList = list(env, 'AUTH_PASS_LIST', ['/oauth/jwt/**']);
  config.clients = parseClients(list(env, 'AUTH_CLIENTS', []), problems);
  config.logLevel = text(env, 'LOG_LEVEL', 'info').toLowerCase();
  config.keyPublishAheadSeconds = integer(env, 'AUTH_KEY_PUBLISH_AHEAD_SECONDS', 120);
  config.keyRotationDays = integer(env, 'AUTH_KEY_ROTATION_DAYS', 0);
  config.keySyncSeconds = integer(env, 'AUTH_KEY_SYNC_SECONDS', 30);
  config.revocationSyncSeconds = integer(env, 'AUTH_REVOCATION_SYNC_SECONDS', 1);
  config.keyRetireMarginSeconds = integer(env, 'AUTH_KEY_RETIRE_MARGIN_SECONDS', 30);
  config.keyEncryptionKey = text(env, 'AUTH_KEY_ENCRYPTION_KEY', '') || null;
  if (config.keyEncryptionKey !== null && !isBase64Of32Bytes(config.keyEncryptionKey)) {
    problems.push('AUTH_KEY_ENCRYPTION_KEY must be the Base64 of exactly 32 random bytes');
  }
  config.tokenSigner = text(env, 'AUTH_TOKEN_SIGNER', 'native').toLowerCase() as TokenSignerKind;
  config.verifiedTokenCacheSize = integer(env, 'AUTH_VERIFIED_TOKEN_CACHE', 10_000);

  config.userStore = userStore(env, problems);
  config.loginMaxAttempts = integer(env, 'AUTH_LOGIN_MAX_ATTEMPTS', 10);
  config.loginWindowSeconds = integer(env, 'AUTH_LOGIN_WINDOW_SECONDS', 60);
  config.trustProxy = trustProxy(env, 'AUTH_TRUST_PROXY', problems);
  // One core is left to the event loop: scrypt is CPU-bound, more parallel hashes than cores only slow everything down.
  config.hashConcurrency = integer(env, 'AUTH_HASH_CONCURRENCY', Math.max(1, Math.min(4, availableParallelism() - 1)));
  config.hashQueue = integer(env, 'AUTH_HASH_QUEUE', 4);
  config.threadPoolSize = integer(env, 'UV_THREADPOOL_SIZE', config.hashConcurrency + THREADS_BESIDE_HASHING);
  if (config.threadPoolSize <= config.hashConcurrency) {
    problems.push('AUTH_HASH_CONCURRENCY must be below UV_THREADPOOL_SIZE, so database and file work always have a thread');
  }
  config.shutdownGraceMs = integer(env, 'AUTH_SHUTDOWN_GRACE_MS', 3000);
  return validated(config, problems);
}

/**
 * The stub (any username and password log in) is the default for trying the
 * service, never by accident in production: under NODE_ENV=production the
 * store must be chosen (`stub` still works when named).
 */
function userStore(env: Env, problems: string[]): UserStore {
  const chosen = text(env, 'AUTH_USER_STORE', '').toLowerCase();
  if (chosen === '' && env.NODE_ENV?.trim() === 'production') {
    problems.push('AUTH_USER_STORE must be set when NODE_ENV=production: database (or stub, which logs in any username and password)');
  }
  return (chosen || 'stub') as UserStore;
}

const MAX_CLIENT_FIELD_LENGTH = 256;

/** `appId:appSecret` pairs; the secret may itself contain colons. */
function parseClients(entries: readonly string[], problems: string[]): ClientCredentials[] {
  const clients: ClientCredentials[] = [];
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    if (colon <= 0 || colon === entry.length - 1) {
      problems.push('AUTH_CLIENTS must be a comma list of appId:appSecret');
      break;
    }
    // The key endpoint accepts parameters up to this length, so longer ones could never match.
    if (colon > MAX_CLIENT_FIELD_LENGTH || entry.length - colon - 1 > MAX_CLIENT_FIELD_LENGTH) {
      problems.push(`AUTH_CLIENTS appId and appSecret must each be at most ${MAX_CLIENT_FIELD_LENGTH} characters`);
      break;
    }
    clients.push({ appId: entry.slice(0, colon), appSecret: entry.slice(colon + 1) });
  }
  return clients;
}

function isBase64Of32Bytes(value: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32;
}
