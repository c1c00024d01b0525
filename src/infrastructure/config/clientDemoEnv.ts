import { CLIENT_DEFAULTS } from '@auth-service/client';
import type { EnvVariable } from './envDeclaration';

/** A demo-client variable; `option` names the client-library option it feeds (problems are reported under the variable). */
export type ClientDemoVariable = EnvVariable & { readonly option?: string };
import { CONTEXT_PATH_PATTERN, LOG_LEVELS } from './envValues';

/**
 * The demo client's environment, declared once in README order: loader
 * defaults, the service's own rules and messages, and the README table
 * (`npm run docs:config`). The client-library options (AUTH_SERVER_URL …) are
 * checked by checkClientOptions, shared with services embedding the library.
 */
export const CLIENT_DEMO_ENV: readonly ClientDemoVariable[] = [
  { name: 'PORT', default: 8002, doc: 'HTTP port',
    check: { field: 'port', min: 0, max: 65535, message: 'PORT must be a whole number from 0 to 65535' } },
  { name: 'HOST', shown: 'unset (every interface)', doc: 'address to listen on: an IP address or host name, e.g. `127.0.0.1`' },
  { name: 'AUTH_CONTEXT_PATH', default: 'auth-client-demo', doc: "this service's own context path",
    check: { field: 'contextPath', pattern: CONTEXT_PATH_PATTERN, message: 'AUTH_CONTEXT_PATH must be a path such as "auth-client-demo"' } },
  { name: 'AUTH_SERVER_URL', option: 'authServerUrl', default: 'http://127.0.0.1:8001', doc: "the auth service's origin; under `NODE_ENV=production` plain `http` to a host that is not loopback is refused unless `AUTH_ALLOW_INSECURE_HTTP=true`" },
  { name: 'AUTH_ALLOW_INSECURE_HTTP', option: 'allowInsecureHttp', default: CLIENT_DEFAULTS.allowInsecureHttp, doc: 'allow a plain `http` `AUTH_SERVER_URL` off loopback under `NODE_ENV=production` (the app secret, keys and revocations then cross the network readable)' },
  { name: 'AUTH_SERVER_CONTEXT_PATH', option: 'authContextPath', default: CLIENT_DEFAULTS.authContextPath, doc: "the auth service's context path" },
  { name: 'AUTH_APP_ID', option: 'appId', default: 'auth-client-demo', doc: "this service's appId at the key endpoint" },
  { name: 'AUTH_APP_SECRET', option: 'appSecret', default: '123456', doc: "this service's appSecret at the key endpoint" },
  { name: 'AUTH_SIGN_METHOD', option: 'signMethod', default: CLIENT_DEFAULTS.signMethod, doc: '`rsa`, `ecdsa` or `hmac`: the key type trusted' },
  { name: 'AUTH_KEY_REFRESH_CRON', option: 'refreshCron', default: CLIENT_DEFAULTS.refreshCron, doc: 'key refresh schedule (six fields, seconds first)' },
  { name: 'AUTH_PASS_LIST', option: 'passList', default: CLIENT_DEFAULTS.passList.join(','), doc: 'Ant patterns (comma-separated) reachable without a token' },
  { name: 'AUTH_FETCH_TIMEOUT_MS', option: 'fetchTimeoutMs', default: CLIENT_DEFAULTS.fetchTimeoutMs, doc: 'budget of one key fetch' },
  { name: 'AUTH_CLOCK_TOLERANCE_SECONDS', option: 'clockToleranceSeconds', default: CLIENT_DEFAULTS.clockToleranceSeconds, doc: 'leeway for `exp` between the two clocks' },
  { name: 'AUTH_ISSUER', option: 'issuer', shown: 'unset: learned', doc: "expected `iss`; unset, read from the auth service's `/.well-known/openid-configuration` (tokens are refused, 503, until it is known)" },
  { name: 'AUTH_AUDIENCE', option: 'audience', shown: 'unset: not checked', doc: "this service's resource identifier(s) at the auth service (comma-separated, exact strings): a token whose `aud` names none of them is refused (401 `invalid_token`); unset, tokens with any `aud` or none are taken" },
  { name: 'AUTH_ACCEPT_CLIENT_TOKENS', option: 'acceptClientTokens', default: CLIENT_DEFAULTS.acceptClientTokens, doc: "take clients' own `client_credentials` tokens as a client principal (every user field null, `clientId` the client); false refuses them (401)" },
  { name: 'AUTH_MAX_TOKEN_LIFETIME_SECONDS', option: 'maxTokenLifetimeSeconds', default: CLIENT_DEFAULTS.maxTokenLifetimeSeconds, doc: "longest `exp − iat` accepted: the auth service's `AUTH_TOKEN_TTL_SECONDS` (set it to that value when you change it)" },
  { name: 'AUTH_USE_JWKS', option: 'useJwks', default: CLIENT_DEFAULTS.useJwks, doc: "follow the auth service's published key set" },
  { name: 'AUTH_KEY_UNKNOWN_KID_COOLDOWN_SECONDS', option: 'unknownKidCooldownSeconds', default: CLIENT_DEFAULTS.unknownKidCooldownSeconds, doc: 'least time between refetches caused by tokens with unknown kids' },
  { name: 'AUTH_KEY_MAX_STALE_SECONDS', option: 'maxStaleSeconds', default: CLIENT_DEFAULTS.maxStaleSeconds, doc: 'how long the last good keys are used while the auth service cannot be reached' },
  { name: 'AUTH_REVOCATION_MAX_STALE_SECONDS', option: 'revocationMaxStaleSeconds', default: CLIENT_DEFAULTS.revocationMaxStaleSeconds, doc: 'how long the last good revocation feed answer is trusted; beyond it tokens are refused (503) and health is DOWN' },
  { name: 'AUTH_VERIFIED_TOKEN_CACHE', option: 'verifiedTokenCacheSize', default: CLIENT_DEFAULTS.verifiedTokenCacheSize, doc: 'verified tokens remembered until their `exp` (0 = off)' },
  { name: 'AUTH_WORKERS', default: 1, doc: 'worker processes on the one port (`node:cluster`)',
    check: { field: 'workers', min: 1, max: 64, message: 'AUTH_WORKERS must be a whole number from 1 to 64' } },
  { name: 'LOG_LEVEL', default: 'info', doc: 'pino level (`silent` to mute)',
    check: { field: 'logLevel', oneOf: LOG_LEVELS, message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` } },
];
