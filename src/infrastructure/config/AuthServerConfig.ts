import type { SecondFactorPolicy } from '../../domain/model/SecondFactor';
import { availableParallelism } from 'node:os';
// The one function of validator's (class-validator's own URL check), without loading the library's index.
import isURL from 'validator/lib/isURL';
import type { SignMethod } from '@auth-service/client';
import { defaultAlgorithm, isAlgorithmOf, isSignMethod } from '../../domain/model/signMethods';
import type { ClientCredentials } from '../auth/StaticClientRegistry';
import { bindHost } from './bindHost';
import { clientSecretWeakness, STRONG_SECRET_HINT } from './clientSecretStrength';
import { AUTH_SERVER_ENV, DPOP_NONCE_POLICIES, PAR_REQUIREMENTS, PKCE_REQUIREMENTS, TOKEN_SIGNERS, USER_STORES } from './authServerEnv';
import { declaredDefault } from './envDeclaration';
import { contextPath, integer, list, text, validated, type Env } from './envValues';
import { trustProxy, type TrustProxy } from './trustProxy';

export { TOKEN_SIGNERS, USER_STORES };
export type UserStore = (typeof USER_STORES)[number];

export type TokenSignerKind = (typeof TOKEN_SIGNERS)[number];

/** The auth service's settings, typed and checked; see README for each variable. */
export class AuthServerConfig {
  port!: number;

  /** The address to listen on (`HOST`); undefined binds every interface. */
  host!: string | undefined;

  contextPath!: string;

  signMethod!: SignMethod;

  signAlg!: string;

  rsaBits!: number;

  databaseUrl!: string;

  databaseConnectSeconds!: number;

  workers!: number;

  tokenTtlSeconds!: number;

  /** The OAuth token endpoint's access-token lifetime, at most tokenTtlSeconds (the longest token any verifier accepts). */
  oauthAccessTokenTtlSeconds!: number;

  /** A refresh-token family's absolute lifetime and idle timeout. */
  refreshTokenTtlSeconds!: number;

  refreshTokenIdleSeconds!: number;

  /** How long a browser's sign-in at the authorization endpoint is remembered; 0 asks every time. */
  signInSessionSeconds!: number;

  clockToleranceSeconds!: number;

  /** AUTH_REQUIRE_PKCE: `all` asks PKCE of every authorization request; `default` (unset) follows checkPkce's rule. */
  requirePkce!: (typeof PKCE_REQUIREMENTS)[number];

  /** AUTH_REQUIRE_PAR: `all` asks every authorization request to be pushed first; `default` (unset) only of `--require-par` clients. */
  requirePar!: (typeof PAR_REQUIREMENTS)[number];

  /** AUTH_DPOP_NONCE: `required` asks every DPoP proof for a server nonce (RFC 9449 §8); `off` (unset) does not. */
  dpopNonce!: (typeof DPOP_NONCE_POLICIES)[number];
  /** AUTH_SECOND_FACTOR: whether every user must hold a second factor. */
  secondFactor!: SecondFactorPolicy;

  /**
   * AUTH_ISSUER, or this instance's derived default (recorded in the shared store
   * at first start and read back from there: see EnsureIssuer). Checked in
   * loadAuthServerConfig only when set: a derived issuer is as valid as PORT and the context path.
   */
  issuer!: string;

  /** True when AUTH_ISSUER is set: it wins over the issuer recorded in the store. */
  issuerExplicit!: boolean;

  passList!: string[];

  clients!: ClientCredentials[];

  /** Client ids whose secret is too weak for production (refused under NODE_ENV=production; warned about otherwise). */
  weakClientIds!: string[];

  keyPublishAheadSeconds!: number;

  keyRotationDays!: number;

  keySyncSeconds!: number;

  /** How often each instance re-reads the shared revocations (other instances' and the CLI's writes). */
  revocationSyncSeconds!: number;

  /** Beyond this age of the last good re-read, revocations are stale: readiness DOWN, protected routes 503. */
  revocationMaxStaleSeconds!: number;

  keyRetireMarginSeconds!: number;

  /** Base64 of 32 bytes, or null for plaintext keys at rest. */
  keyEncryptionKey!: string | null;

  logLevel!: string;

  /** `native` signs with node:crypto off the event loop; `jsonwebtoken` is the synchronous library path. */
  tokenSigner!: TokenSignerKind;

  /** How many verified tokens are remembered until their exp (0 turns the cache off). */
  verifiedTokenCacheSize!: number;

  /** Days the audit trail keeps an event before the background purge removes it. */
  eventRetentionDays!: number;

  userStore!: UserStore;

  /** With `AUTH_USER_STORE=module:<path>`: the path as given (resolved against the working directory when loaded); null otherwise. */
  userStoreModule!: string | null;

  loginMaxAttempts!: number;

  loginWindowSeconds!: number;

  /** AUTH_ADMIN_API: `off` answers every admin route 404. */
  adminApi!: 'on' | 'off';

  /** Admin API calls per admin client per minute, on the shared store. */
  adminRateLimit!: number;

  /** Express `trust proxy`: which hops' X-Forwarded-For to believe for the client address. */
  trustProxy!: TrustProxy;

  /** NODE_ENV=production (read once here): also decides the start-up transport warnings (transportWarnings). */
  production!: boolean;

  /** Password hashes computed at once per process; below threadPoolSize so other thread-pool work always has a thread. */
  hashConcurrency!: number;

  /** Password hashes that may wait for a slot; more are refused at once with 503. */
  hashQueue!: number;

  /** scrypt cost of new password hashes as log2 N; stored hashes keep theirs and are upgraded at the next login. */
  passwordHashCost!: number;

  /** libuv thread-pool size the entry point sets (UV_THREADPOOL_SIZE) before the pool is first used. */
  threadPoolSize!: number;

  /** After SIGTERM: how long the server keeps answering (readiness DOWN, `Connection: close`) before it stops accepting. */
  shutdownGraceMs!: number;
  /** After the listener closed, an idle connection is closed by this side after this long; below it, the proxy closes it. */
  shutdownIdleCloseMs!: number;
}

/** Threads left to database, file and DNS work beside the hashes: libuv's own default pool size. */
const THREADS_BESIDE_HASHING = 4;
/** The scrypt cost (log2 N) production may not go below: 2^15 is what OWASP's scrypt advice starts from for r = 8, p = 1. */
const PRODUCTION_MIN_HASH_COST = 15;

const num = (name: string): number => declaredDefault<number>(AUTH_SERVER_ENV, name);
const str = (name: string): string => declaredDefault<string>(AUTH_SERVER_ENV, name);

export function loadAuthServerConfig(env: Env): Readonly<AuthServerConfig> {
  const config = new AuthServerConfig();
  const problems: string[] = [];
  config.port = integer(env, 'PORT', num('PORT'));
  config.host = bindHost(env, 'HOST', problems);
  config.contextPath = contextPath(env, 'AUTH_CONTEXT_PATH', str('AUTH_CONTEXT_PATH'));
  config.signMethod = text(env, 'AUTH_SIGN_METHOD', str('AUTH_SIGN_METHOD')).toLowerCase() as SignMethod;
  config.signAlg = text(env, 'AUTH_SIGN_ALG', isSignMethod(config.signMethod) ? defaultAlgorithm(config.signMethod) : '').toUpperCase();
  if (isSignMethod(config.signMethod) && !isAlgorithmOf(config.signMethod, config.signAlg)) {
    problems.push(`AUTH_SIGN_ALG ${JSON.stringify(config.signAlg)} does not belong to AUTH_SIGN_METHOD ${config.signMethod}`);
  }
  config.rsaBits = integer(env, 'AUTH_RSA_BITS', num('AUTH_RSA_BITS'));
  config.databaseUrl = text(env, 'AUTH_DATABASE_URL', str('AUTH_DATABASE_URL'));
  config.databaseConnectSeconds = integer(env, 'AUTH_DATABASE_CONNECT_SECONDS', num('AUTH_DATABASE_CONNECT_SECONDS'));
  config.workers = integer(env, 'AUTH_WORKERS', num('AUTH_WORKERS'));
  if (config.workers > 1 && config.databaseUrl === 'sqlite::memory:') {
    problems.push('AUTH_WORKERS above 1 needs a shared AUTH_DATABASE_URL (a file or PostgreSQL), not sqlite::memory:');
  }
  config.tokenTtlSeconds = integer(env, 'AUTH_TOKEN_TTL_SECONDS', num('AUTH_TOKEN_TTL_SECONDS'));
  // Capped rather than refused: AUTH_TOKEN_TTL_SECONDS stays the longest lifetime, which revocation and key retirement rely on.
  const oauthTtl = integer(env, 'AUTH_OAUTH_ACCESS_TOKEN_TTL_SECONDS', num('AUTH_OAUTH_ACCESS_TOKEN_TTL_SECONDS'));
  // A bad AUTH_TOKEN_TTL_SECONDS is reported under its own name, not again through the cap.
  config.oauthAccessTokenTtlSeconds = config.tokenTtlSeconds >= 1 ? Math.min(oauthTtl, config.tokenTtlSeconds) : oauthTtl;
  config.refreshTokenTtlSeconds = integer(env, 'AUTH_REFRESH_TOKEN_TTL_SECONDS', num('AUTH_REFRESH_TOKEN_TTL_SECONDS'));
  config.refreshTokenIdleSeconds = integer(env, 'AUTH_REFRESH_TOKEN_IDLE_SECONDS', num('AUTH_REFRESH_TOKEN_IDLE_SECONDS'));
  config.signInSessionSeconds = integer(env, 'AUTH_SIGNIN_SESSION_SECONDS', num('AUTH_SIGNIN_SESSION_SECONDS'));
  config.clockToleranceSeconds = integer(env, 'AUTH_CLOCK_TOLERANCE_SECONDS', num('AUTH_CLOCK_TOLERANCE_SECONDS'));
  config.requirePkce = (text(env, 'AUTH_REQUIRE_PKCE', 'default').toLowerCase()) as AuthServerConfig['requirePkce'];
  config.requirePar = (text(env, 'AUTH_REQUIRE_PAR', 'default').toLowerCase()) as AuthServerConfig['requirePar'];
  config.dpopNonce = (text(env, 'AUTH_DPOP_NONCE', 'off').toLowerCase()) as AuthServerConfig['dpopNonce'];
  config.secondFactor = text(env, 'AUTH_SECOND_FACTOR', str('AUTH_SECOND_FACTOR')).toLowerCase() as SecondFactorPolicy;
  config.issuer = text(env, 'AUTH_ISSUER', `http://localhost:${config.port}/${config.contextPath}`);
  config.issuerExplicit = Boolean(env.AUTH_ISSUER?.trim());
  // A bad PORT or context path is reported under its own name, not again as a bad derived issuer.
  if (env.AUTH_ISSUER?.trim() && !isURL(config.issuer, { require_tld: false, require_protocol: true })) {
    problems.push('AUTH_ISSUER must be an absolute URL');
  }
  config.passList = list(env, 'AUTH_PASS_LIST', [str('AUTH_PASS_LIST')]);
  config.clients = parseClients(list(env, 'AUTH_CLIENTS', []), problems);
  config.weakClientIds = weakClientIds(config.clients, env.NODE_ENV?.trim() === 'production', problems);
  config.logLevel = text(env, 'LOG_LEVEL', str('LOG_LEVEL')).toLowerCase();
  config.keyPublishAheadSeconds = integer(env, 'AUTH_KEY_PUBLISH_AHEAD_SECONDS', num('AUTH_KEY_PUBLISH_AHEAD_SECONDS'));
  config.keyRotationDays = integer(env, 'AUTH_KEY_ROTATION_DAYS', num('AUTH_KEY_ROTATION_DAYS'));
  config.keySyncSeconds = integer(env, 'AUTH_KEY_SYNC_SECONDS', num('AUTH_KEY_SYNC_SECONDS'));
  config.revocationSyncSeconds = integer(env, 'AUTH_REVOCATION_SYNC_SECONDS', num('AUTH_REVOCATION_SYNC_SECONDS'));
  config.revocationMaxStaleSeconds = integer(env, 'AUTH_REVOCATION_MAX_STALE_SECONDS', num('AUTH_REVOCATION_MAX_STALE_SECONDS'));
  config.keyRetireMarginSeconds = integer(env, 'AUTH_KEY_RETIRE_MARGIN_SECONDS', num('AUTH_KEY_RETIRE_MARGIN_SECONDS'));
  config.keyEncryptionKey = text(env, 'AUTH_KEY_ENCRYPTION_KEY', '') || null;
  if (config.keyEncryptionKey !== null && !isBase64Of32Bytes(config.keyEncryptionKey)) {
    problems.push('AUTH_KEY_ENCRYPTION_KEY must be the Base64 of exactly 32 random bytes');
  }
  config.tokenSigner = text(env, 'AUTH_TOKEN_SIGNER', str('AUTH_TOKEN_SIGNER')).toLowerCase() as TokenSignerKind;
  config.verifiedTokenCacheSize = integer(env, 'AUTH_VERIFIED_TOKEN_CACHE', num('AUTH_VERIFIED_TOKEN_CACHE'));
  config.eventRetentionDays = integer(env, 'AUTH_EVENT_RETENTION_DAYS', num('AUTH_EVENT_RETENTION_DAYS'));

  config.userStore = userStore(env, problems);
  config.loginMaxAttempts = integer(env, 'AUTH_LOGIN_MAX_ATTEMPTS', num('AUTH_LOGIN_MAX_ATTEMPTS'));
  config.loginWindowSeconds = integer(env, 'AUTH_LOGIN_WINDOW_SECONDS', num('AUTH_LOGIN_WINDOW_SECONDS'));
  config.adminApi = text(env, 'AUTH_ADMIN_API', str('AUTH_ADMIN_API')).toLowerCase() as AuthServerConfig['adminApi'];
  config.adminRateLimit = integer(env, 'AUTH_ADMIN_RATE_LIMIT', num('AUTH_ADMIN_RATE_LIMIT'));
  config.trustProxy = trustProxy(env, 'AUTH_TRUST_PROXY', problems);
  config.userStoreModule = userStoreModule(env, problems);
  config.production = env.NODE_ENV?.trim() === 'production';
  // One core is left to the event loop: scrypt is CPU-bound, more parallel hashes than cores only slow everything down.
  config.hashConcurrency = integer(env, 'AUTH_HASH_CONCURRENCY', Math.max(1, Math.min(4, availableParallelism() - 1)));
  config.hashQueue = integer(env, 'AUTH_HASH_QUEUE', num('AUTH_HASH_QUEUE'));
  config.passwordHashCost = integer(env, 'AUTH_PASSWORD_HASH_COST', num('AUTH_PASSWORD_HASH_COST'));
  if (config.passwordHashCost < PRODUCTION_MIN_HASH_COST && env.NODE_ENV?.trim() === 'production') {
    problems.push(`AUTH_PASSWORD_HASH_COST below ${PRODUCTION_MIN_HASH_COST} is refused when NODE_ENV=production: cheaper hashes are cheaper to crack`);
  }
  config.threadPoolSize = integer(env, 'UV_THREADPOOL_SIZE', config.hashConcurrency + THREADS_BESIDE_HASHING);
  if (config.threadPoolSize <= config.hashConcurrency) {
    problems.push('AUTH_HASH_CONCURRENCY must be below UV_THREADPOOL_SIZE, so database and file work always have a thread');
  }
  config.shutdownGraceMs = integer(env, 'AUTH_SHUTDOWN_GRACE_MS', num('AUTH_SHUTDOWN_GRACE_MS'));
  config.shutdownIdleCloseMs = integer(env, 'AUTH_SHUTDOWN_IDLE_CLOSE_MS', num('AUTH_SHUTDOWN_IDLE_CLOSE_MS'));
  return validated(config, AUTH_SERVER_ENV, problems);
}

/**
 * The stub (any username and password log in) is the default for trying the
 * service, never by accident in production: under NODE_ENV=production the
 * store must be chosen (`stub` still works when named).
 */
function userStore(env: Env, problems: string[]): UserStore {
  const chosen = text(env, 'AUTH_USER_STORE', '');
  if (chosen === '' && env.NODE_ENV?.trim() === 'production') {
    problems.push('AUTH_USER_STORE must be set when NODE_ENV=production: database, module:<path> (or stub, which logs in any username and password)');
  }
  if (/^module:/i.test(chosen)) return 'module';
  // `module` alone names no module: reported by userStoreModule, not again as an unknown store.
  return (chosen.toLowerCase() || str('AUTH_USER_STORE')) as UserStore;
}

/** The path of `AUTH_USER_STORE=module:<path>`, kept as written (paths are case-sensitive); null for the other stores. */
function userStoreModule(env: Env, problems: string[]): string | null {
  const chosen = text(env, 'AUTH_USER_STORE', '');
  if (chosen.toLowerCase() === 'module') {
    problems.push('AUTH_USER_STORE=module needs the path of the module: module:<path>, e.g. module:./user-store.js');
    return null;
  }
  if (!/^module:/i.test(chosen)) return null;
  const path = chosen.slice('module:'.length).trim();
  if (path === '') problems.push('AUTH_USER_STORE=module:<path> needs a path after module:, e.g. module:./user-store.js');
  return path || null;
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

/**
 * A client secret is guessed online wherever a client authenticates; the
 * limits slow guessing down, only a strong secret makes it hopeless. Under
 * NODE_ENV=production a weak one stops the start-up (naming the client, never
 * the secret); elsewhere it is listed for a warning, so the demo's `123456`
 * keeps working in development.
 */
function weakClientIds(clients: readonly ClientCredentials[], production: boolean, problems: string[]): string[] {
  const weak: string[] = [];
  for (const { appId, appSecret } of clients) {
    const weakness = clientSecretWeakness(appSecret);
    if (weakness === null) continue;
    weak.push(appId);
    if (production) {
      problems.push(`AUTH_CLIENTS: the secret of client ${JSON.stringify(appId)} is too weak for NODE_ENV=production (${weakness}); use ${STRONG_SECRET_HINT}`);
    }
  }
  return weak;
}

function isBase64Of32Bytes(value: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32;
}
