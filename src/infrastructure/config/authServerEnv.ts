import { SIGN_METHODS } from '@auth-service/client';
import type { EnvVariable } from './envDeclaration';
import { ANT_PATTERN, CONTEXT_PATH_PATTERN, LOG_LEVELS } from './envValues';

/** `module` is written `module:<path>` (a team's own store, see docs/user-store.md); the path goes to `userStoreModule`. */
export const USER_STORES = ['stub', 'database', 'module'] as const;
export const TOKEN_SIGNERS = ['native', 'jsonwebtoken'] as const;
/** `default` is what unset means: PKCE from public clients and `--require-pkce` ones, and from any request without openid and a nonce. */
export const ADMIN_API_SWITCH = ['on', 'off'] as const;
export const PKCE_REQUIREMENTS = ['all', 'default'] as const;
/** `default` is what unset means: only clients registered `--require-par` must push their authorization requests. */
export const PAR_REQUIREMENTS = ['all', 'default'] as const;
/** `off` is what unset means: DPoP proofs need no server nonce. */
export const DPOP_NONCE_POLICIES = ['required', 'off'] as const;
export const SECOND_FACTOR_POLICIES = ['optional', 'required'] as const;

const whole = (name: string, min: number, max: number, unit = ''): string =>
  `${name} must be a whole number${unit} from ${min} to ${max}`;

/**
 * The auth service's environment, declared once in README order: loader
 * defaults, validation rules and messages, and the README table
 * (`npm run docs:config`) all come from here.
 */
export const AUTH_SERVER_ENV: readonly EnvVariable[] = [
  { name: 'PORT', default: 8001, doc: 'HTTP port', check: { field: 'port', min: 0, max: 65535, message: whole('PORT', 0, 65535) } },
  { name: 'HOST', shown: 'unset (every interface)', doc: 'address to listen on: an IP address or host name, e.g. `127.0.0.1`' },
  { name: 'AUTH_CONTEXT_PATH', default: 'auth', doc: 'context path of every route',
    check: { field: 'contextPath', pattern: CONTEXT_PATH_PATTERN, message: 'AUTH_CONTEXT_PATH must be a path such as "auth"' } },
  { name: 'AUTH_SIGN_METHOD', default: 'rsa', doc: '`rsa`, `ecdsa` or `hmac`',
    check: { field: 'signMethod', oneOf: SIGN_METHODS, message: `AUTH_SIGN_METHOD must be one of ${SIGN_METHODS.join(', ')}` } },
  { name: 'AUTH_SIGN_ALG', shown: '`RS256` / `ES256` / `HS256`', doc: "any size of the method's family; `PS256/384/512` with rsa" },
  { name: 'AUTH_RSA_BITS', default: 2048, doc: 'RSA key size (2048–8192)',
    check: { field: 'rsaBits', min: 2048, max: 8192, message: whole('AUTH_RSA_BITS', 2048, 8192) } },
  { name: 'AUTH_DATABASE_URL', default: 'sqlite:data/auth.sqlite', doc: '`sqlite:<file>`, `sqlite::memory:` or `postgres://…`',
    check: { field: 'databaseUrl', pattern: /^(sqlite:.+|postgres(ql)?:\/\/.+)$/, message: 'AUTH_DATABASE_URL must be sqlite:<file>, sqlite::memory: or postgres://…' } },
  { name: 'AUTH_TOKEN_TTL_SECONDS', default: 18000,
    doc: 'token lifetime (`exp` = `iat` + this); tokens whose `exp − iat` exceeds it (+ tolerance) are refused, here and by clients (`AUTH_MAX_TOKEN_LIFETIME_SECONDS`)',
    check: { field: 'tokenTtlSeconds', min: 1, message: 'AUTH_TOKEN_TTL_SECONDS must be a whole number of seconds, at least 1' } },
  { name: 'AUTH_OAUTH_ACCESS_TOKEN_TTL_SECONDS', default: 900,
    doc: 'lifetime of the access tokens the OAuth token endpoint issues (`/oauth/token`, every grant); capped at `AUTH_TOKEN_TTL_SECONDS`. The login endpoint keeps `AUTH_TOKEN_TTL_SECONDS`',
    check: { field: 'oauthAccessTokenTtlSeconds', min: 1, message: 'AUTH_OAUTH_ACCESS_TOKEN_TTL_SECONDS must be a whole number of seconds, at least 1' } },
  { name: 'AUTH_REFRESH_TOKEN_TTL_SECONDS', default: 2_592_000, shown: '`2592000` (30 days)',
    doc: 'absolute lifetime of a refresh-token family, from the sign-in, however often it is refreshed',
    check: { field: 'refreshTokenTtlSeconds', min: 60, message: 'AUTH_REFRESH_TOKEN_TTL_SECONDS must be a whole number of seconds, at least 60' } },
  { name: 'AUTH_REFRESH_TOKEN_IDLE_SECONDS', default: 604_800, shown: '`604800` (7 days)',
    doc: 'a refresh token unused this long is dead (idle timeout, from the last refresh)',
    check: { field: 'refreshTokenIdleSeconds', min: 60, message: 'AUTH_REFRESH_TOKEN_IDLE_SECONDS must be a whole number of seconds, at least 60' } },
  { name: 'AUTH_SIGNIN_SESSION_SECONDS', default: 28_800, shown: '`28800` (8 hours)',
    doc: 'how long a sign-in at `/oauth/authorize` is remembered (cookie): later authorizations skip the form until then or sign-out',
    check: { field: 'signInSessionSeconds', min: 0, max: 2_592_000, message: whole('AUTH_SIGNIN_SESSION_SECONDS', 0, 2592000, ' of seconds') } },
  { name: 'AUTH_REQUIRE_PKCE', shown: 'unset (`default`)',
    doc: '`all`: every authorization request must carry PKCE (S256). Unset: public clients and clients registered `--require-pkce` always must; a confidential client may leave it out only when it asks for `openid` with a `nonce` (see docs/oauth.md)',
    check: { field: 'requirePkce', oneOf: PKCE_REQUIREMENTS, message: 'AUTH_REQUIRE_PKCE must be all or unset' } },
  { name: 'AUTH_REQUIRE_PAR', shown: 'unset (`default`)',
    doc: '`all`: every authorization request must be pushed first (`POST /oauth/par`, RFC 9126) and discovery says `require_pushed_authorization_requests: true`. Unset: only clients registered `--require-par` must',
    check: { field: 'requirePar', oneOf: PAR_REQUIREMENTS, message: 'AUTH_REQUIRE_PAR must be all or unset' } },
  { name: 'AUTH_DPOP_NONCE', shown: 'unset (`off`)',
    doc: '`required`: every DPoP proof at the token and userinfo endpoints must carry a nonce this service issued (`DPoP-Nonce` header; a proof without one is answered `use_dpop_nonce`, RFC 9449 §8). Any instance\'s nonce is good at every instance',
    check: { field: 'dpopNonce', oneOf: DPOP_NONCE_POLICIES, message: 'AUTH_DPOP_NONCE must be required or unset' } },
  { name: 'AUTH_SECOND_FACTOR', default: 'optional',
    doc: '`required`: a user without a second factor enrols one on the sign-in page before any code or token is issued, and the seed login and the password grant refuse them. `optional`: users choose (see docs/second-factor.md)',
    check: { field: 'secondFactor', oneOf: SECOND_FACTOR_POLICIES, message: 'AUTH_SECOND_FACTOR must be optional or required' } },
  { name: 'AUTH_CLOCK_TOLERANCE_SECONDS', default: 0, doc: 'leeway on `exp` when this service verifies',
    check: { field: 'clockToleranceSeconds', min: 0, max: 300, message: whole('AUTH_CLOCK_TOLERANCE_SECONDS', 0, 300) } },
  { name: 'AUTH_ISSUER', shown: "the issuer recorded in the store at first start (that instance's `http://localhost:<PORT>/<context path>`)",
    doc: '`iss` of tokens, checked on verification and published by discovery; when set it wins and the store is left alone' },
  { name: 'AUTH_CLIENTS', shown: 'empty',
    doc: '`appId:appSecret,…`: the resource services. When set, the key endpoints and the revocation feed answer only these (401 otherwise); the OAuth apps of `npm run clients` never read them, and registering one changes nothing there. With hmac the key is the signing secret: it is given only to these, and without them the key endpoints answer 403. They also authenticate at the OAuth endpoints (client_credentials, revocation)' },
  { name: 'AUTH_PASS_LIST', default: '/oauth/jwt/**', doc: 'Ant patterns (relative to the context path) reachable without a token',
    check: { field: 'passList', pattern: ANT_PATTERN, each: true, message: 'AUTH_PASS_LIST must be comma-separated paths such as /oauth/jwt/**' } },
  { name: 'AUTH_KEY_PUBLISH_AHEAD_SECONDS', default: 120, doc: 'how long a next key is published before it signs',
    check: { field: 'keyPublishAheadSeconds', min: 1, message: 'AUTH_KEY_PUBLISH_AHEAD_SECONDS must be a whole number of seconds, at least 1' } },
  { name: 'AUTH_KEY_ROTATION_DAYS', default: 0, shown: '`0` (off)', doc: 'automatic rotation period',
    check: { field: 'keyRotationDays', min: 0, message: 'AUTH_KEY_ROTATION_DAYS must be a whole number of days (0 = off)' } },
  { name: 'AUTH_KEY_SYNC_SECONDS', default: 30, doc: "how often each instance reloads the store's key state",
    check: { field: 'keySyncSeconds', min: 1, message: 'AUTH_KEY_SYNC_SECONDS must be a whole number of seconds, at least 1' } },
  { name: 'AUTH_REVOCATION_SYNC_SECONDS', default: 1, doc: 'how often each instance re-reads the shared revocations (see Revocation)',
    check: { field: 'revocationSyncSeconds', min: 1, message: 'AUTH_REVOCATION_SYNC_SECONDS must be a whole number of seconds, at least 1' } },
  { name: 'AUTH_REVOCATION_MAX_STALE_SECONDS', default: 120,
    doc: 'how long an instance that cannot re-read the shared revocations keeps accepting tokens; beyond it readiness is DOWN and protected routes answer 503 (see Outage and revocation growth in docs/security.md)',
    check: { field: 'revocationMaxStaleSeconds', min: 1, message: 'AUTH_REVOCATION_MAX_STALE_SECONDS must be a whole number of seconds, at least 1' } },
  { name: 'AUTH_KEY_RETIRE_MARGIN_SECONDS', default: 30,
    doc: "how long a retiring key stays published after its last token expired: the largest clock tolerance of any verifier (the client library's default is 30 s)",
    check: { field: 'keyRetireMarginSeconds', min: 0, max: 86_400, message: whole('AUTH_KEY_RETIRE_MARGIN_SECONDS', 0, 86400, ' of seconds') } },
  { name: 'AUTH_KEY_ENCRYPTION_KEY', doc: 'Base64 of 32 bytes: private keys are stored AES-256-GCM encrypted' },
  { name: 'AUTH_TOKEN_SIGNER', default: 'native', doc: '`native` (node:crypto, off the event loop) or `jsonwebtoken` (see Performance)',
    check: { field: 'tokenSigner', oneOf: TOKEN_SIGNERS, message: `AUTH_TOKEN_SIGNER must be one of ${TOKEN_SIGNERS.join(', ')}` } },
  { name: 'AUTH_VERIFIED_TOKEN_CACHE', default: 10_000, doc: 'verified tokens remembered until their `exp`; 0 turns it off (see Performance)',
    check: { field: 'verifiedTokenCacheSize', min: 0, max: 1_000_000, message: whole('AUTH_VERIFIED_TOKEN_CACHE', 0, 1000000) } },
  { name: 'AUTH_EVENT_RETENTION_DAYS', default: 30, doc: 'how long the audit trail keeps an event; older ones are purged in the background (see docs/audit-events.md)',
    check: { field: 'eventRetentionDays', min: 1, max: 3650, message: whole('AUTH_EVENT_RETENTION_DAYS', 1, 3650, ' of days') } },
  { name: 'AUTH_USER_STORE', default: 'stub', shown: '`stub`; none under `NODE_ENV=production`',
    doc: '`stub` (any password logs in as admin), `database` (see User store) or `module:<path>`: your own store, a CommonJS or ESM module exporting `authenticate(username, password)`, its path relative to the working directory (see docs/user-store.md). With `NODE_ENV=production` it must be set: unset, the service refuses to start',
    check: { field: 'userStore', oneOf: USER_STORES, message: 'AUTH_USER_STORE must be stub, database or module:<path>' } },
  { name: 'AUTH_LOGIN_MAX_ATTEMPTS', default: 10,
    doc: 'attempts allowed per address and per account (successful ones given back), and for client secrets (key endpoints, revocation feed and revocation, token endpoint) per address and per appId, and for wrong user codes on the device page (`/auth/device`) per address; shared by all instances on the store (see Login limits)',
    check: { field: 'loginMaxAttempts', min: 1, max: 100_000, message: whole('AUTH_LOGIN_MAX_ATTEMPTS', 1, 100000) } },
  { name: 'AUTH_LOGIN_WINDOW_SECONDS', default: 60, doc: 'the window `AUTH_LOGIN_MAX_ATTEMPTS` counts in',
    check: { field: 'loginWindowSeconds', min: 1, max: 86_400, message: whole('AUTH_LOGIN_WINDOW_SECONDS', 1, 86400) } },
  { name: 'AUTH_ADMIN_API', default: 'on', doc: '`off` switches the admin HTTP API (`/admin/v1`, see docs/admin-api.md) off: its routes answer 404',
    check: { field: 'adminApi', oneOf: ADMIN_API_SWITCH, message: 'AUTH_ADMIN_API must be on or off' } },
  { name: 'AUTH_ADMIN_RATE_LIMIT', default: 600, doc: 'admin API calls allowed per admin client per minute, shared by all instances on the store; beyond them 429 with `Retry-After`',
    check: { field: 'adminRateLimit', min: 1, max: 100_000, message: whole('AUTH_ADMIN_RATE_LIMIT', 1, 100000) } },
  { name: 'AUTH_TRUST_PROXY', default: 'false', doc: 'which `X-Forwarded-For` hops to believe (see Login limits)' },
  { name: 'AUTH_WORKERS', default: 1, doc: 'worker processes on the one port (see Running several instances)',
    check: { field: 'workers', min: 1, max: 64, message: whole('AUTH_WORKERS', 1, 64) } },
  { name: 'AUTH_DATABASE_CONNECT_SECONDS', default: 30, doc: 'how long startup retries the database (see Running several instances)',
    check: { field: 'databaseConnectSeconds', min: 0, max: 3600, message: whole('AUTH_DATABASE_CONNECT_SECONDS', 0, 3600, ' of seconds') } },
  { name: 'AUTH_HASH_CONCURRENCY', shown: 'cores − 1 (1–4)', doc: 'password hashes computed at once per process (see Running several instances)',
    check: { field: 'hashConcurrency', min: 1, max: 64, message: whole('AUTH_HASH_CONCURRENCY', 1, 64) } },
  { name: 'AUTH_PASSWORD_HASH_COST', default: 15, doc: 'scrypt cost of new password hashes, log2 of N (r = 8, p = 1): 15 is 32 MiB and 50–100 ms a hash; below 15 is refused under NODE_ENV=production (10–20)',
    check: { field: 'passwordHashCost', min: 10, max: 20, message: whole('AUTH_PASSWORD_HASH_COST', 10, 20) } },
  { name: 'AUTH_HASH_QUEUE', default: 4, doc: 'password hashes waiting for a slot; beyond that a login gets 503 + `Retry-After` at once',
    check: { field: 'hashQueue', min: 0, max: 10_000, message: whole('AUTH_HASH_QUEUE', 0, 10000) } },
  { name: 'UV_THREADPOOL_SIZE', shown: '`AUTH_HASH_CONCURRENCY` + 4', doc: 'libuv thread-pool size, set by the entry point at startup; must exceed `AUTH_HASH_CONCURRENCY`',
    check: { field: 'threadPoolSize', min: 2, max: 1024, message: whole('UV_THREADPOOL_SIZE', 2, 1024) } },
  { name: 'AUTH_SHUTDOWN_GRACE_MS', default: 3000, doc: 'after SIGTERM: how long the instance keeps answering, not ready, before it stops accepting (0–6000)',
    check: { field: 'shutdownGraceMs', min: 0, max: 6000, message: whole('AUTH_SHUTDOWN_GRACE_MS', 0, 6000, ' of milliseconds') } },
  { name: 'AUTH_SHUTDOWN_IDLE_CLOSE_MS', default: 5000, doc: 'after the listener closed: how long a connection may sit idle before the instance closes it; keep it above your proxy\'s upstream idle timeout (0–9000)',
    check: { field: 'shutdownIdleCloseMs', min: 0, max: 9000, message: whole('AUTH_SHUTDOWN_IDLE_CLOSE_MS', 0, 9000, ' of milliseconds') } },
  { name: 'LOG_LEVEL', default: 'info', doc: 'pino level (`silent` to mute)',
    check: { field: 'logLevel', oneOf: LOG_LEVELS, message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` } },
];
