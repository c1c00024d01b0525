import { CLIENT_DEFAULTS } from '@auth-service/client';
import type { EnvVariable } from './envDeclaration';

/**
 * The client library's options for the README table (`npm run docs:config`):
 * the defaults are CLIENT_DEFAULTS, the one place resolveClientOptions reads them from.
 */
export const CLIENT_LIBRARY_OPTIONS: readonly EnvVariable[] = [
  { name: 'authServerUrl', shown: '(required)', doc: "the auth service's origin, e.g. `https://auth.example.com`; under `NODE_ENV=production` plain `http` to a host that is not loopback (127.0.0.0/8, ::1, localhost) is refused unless `allowInsecureHttp`" },
  { name: 'authContextPath', default: CLIENT_DEFAULTS.authContextPath, doc: "the auth service's context path" },
  { name: 'appId', shown: '(required)', doc: "this service's appId at the key endpoint" },
  { name: 'appSecret', shown: '(required)', doc: "this service's appSecret at the key endpoint" },
  { name: 'refreshCron', default: CLIENT_DEFAULTS.refreshCron, doc: "key refresh schedule (six fields, seconds first; Spring's `?` is accepted)" },
  { name: 'passList', shown: `\`${JSON.stringify(CLIENT_DEFAULTS.passList).replace(/"/g, "'")}\``,
    doc: 'Ant patterns (`**`, `*`, `?`, `{var}`) relative to your context path' },
  { name: 'fetchTimeoutMs', default: CLIENT_DEFAULTS.fetchTimeoutMs, doc: 'budget of one key fetch' },
  { name: 'clockToleranceSeconds', default: CLIENT_DEFAULTS.clockToleranceSeconds, doc: 'leeway for `exp` between the two clocks' },
  { name: 'issuer', shown: '(learned)',
    doc: "expected `iss` claim; unset, it is read once from the auth service's discovery document with the first good key fetch, and every token is refused (503, health DOWN) until then — never \"any issuer\"" },
  { name: 'audience', shown: '(not checked)',
    doc: "this service's resource identifier(s) at the auth service, a string or a list: a token whose `aud` (string or array) names none of them is refused (401 `invalid_token`), exact string comparison; unset, tokens with any `aud` or none are taken" },
  { name: 'acceptClientTokens', default: CLIENT_DEFAULTS.acceptClientTokens, doc: "take clients' own `client_credentials` tokens (`sub` = `client_id`, no user claims) as a client principal: the current user with every user field null and `clientId` the client; false refuses them (401)" },
  { name: 'maxTokenLifetimeSeconds', default: CLIENT_DEFAULTS.maxTokenLifetimeSeconds,
    doc: "longest `exp − iat` accepted (+ `clockToleranceSeconds`): the auth service's `AUTH_TOKEN_TTL_SECONDS`" },
  { name: 'signMethod', default: CLIENT_DEFAULTS.signMethod, doc: '`rsa`, `ecdsa` or `hmac`: the key type you trust' },
  { name: 'useJwks', default: CLIENT_DEFAULTS.useJwks, doc: "follow the auth service's published key set (below)" },
  { name: 'unknownKidCooldownSeconds', default: CLIENT_DEFAULTS.unknownKidCooldownSeconds, doc: 'least time between refetches caused by tokens with unknown kids' },
  { name: 'maxStaleSeconds', default: CLIENT_DEFAULTS.maxStaleSeconds, doc: 'how long the last good keys are used while the auth service cannot be reached' },
  { name: 'revocationMaxStaleSeconds', default: CLIENT_DEFAULTS.revocationMaxStaleSeconds, doc: 'how long the last good revocation feed answer is trusted; beyond it, or at once when the feed refuses the appId/appSecret, tokens are refused (503) and health is DOWN' },
  { name: 'verifiedTokenCacheSize', default: CLIENT_DEFAULTS.verifiedTokenCacheSize, doc: 'verified tokens remembered until their `exp` (0 = off); cleared whenever the keys change; once full, a token is kept on its second use, so one-off tokens do not push out the ones in use' },
  { name: 'allowInsecureHttp', default: CLIENT_DEFAULTS.allowInsecureHttp, doc: 'allow a plain `http` `authServerUrl` off loopback under `NODE_ENV=production`: the app secret, keys and revocations then cross the network readable (openid-client 6 calls it `allowInsecureRequests`)' },
];
