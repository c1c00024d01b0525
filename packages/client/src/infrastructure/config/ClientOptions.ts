import { ALGORITHMS_BY_METHOD, SIGN_METHODS, type SignMethod } from '../../domain/model/SignMethod';
import { cronProblem, normalizeCron } from '../scheduling/CronRefreshScheduler';
import { ConfigError } from './ConfigError';
import { plainHttpProblem } from './plainHttpRule';

/** A context path such as `auth` (no leading or trailing slash). */
const CONTEXT_PATH_PATTERN = /^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/;
/** A pass-list entry: an Ant-style path such as `/oauth/jwt/**`. */
const ANT_PATTERN = /^\/[A-Za-z0-9._~*{}\/-]*$/;

/** What a service tells the client library; everything but the URL and credentials has a default. */
export interface ClientOptions {
  /**
   * The auth service's origin, e.g. `https://auth.example.com` or `http://127.0.0.1:8001`. Under
   * NODE_ENV=production a plain `http` URL to a host that is not loopback is refused (ConfigError)
   * unless `allowInsecureHttp` is true.
   */
  readonly authServerUrl: string;
  /** The auth service's context path. Default `auth`. */
  readonly authContextPath?: string;
  /** This service's name at the auth service. */
  readonly appId: string;
  readonly appSecret: string;
  /** Key refresh schedule, six cron fields with seconds. Default `0 *\/1 * * * *` (every minute). */
  readonly refreshCron?: string;
  /** Ant patterns, relative to the service's context path, reachable without a token. Default `['/oauth/jwt/**']`. */
  readonly passList?: readonly string[];
  /** Budget of one key fetch. Default 5000. */
  readonly fetchTimeoutMs?: number;
  /** Leeway for exp/nbf between this service's clock and the auth service's. Default 30. */
  readonly clockToleranceSeconds?: number;
  /** Expected `iss`; unset, it is learned from the auth service's discovery document (tokens are refused until then). */
  readonly issuer?: string;
  /** Longest `exp − iat` accepted: the auth service's token TTL (AUTH_TOKEN_TTL_SECONDS). Default 18000 (5 h, its default). */
  readonly maxTokenLifetimeSeconds?: number;
  /** The auth service's sign method; it fixes the accepted key type and algorithms. Default `rsa`. */
  readonly signMethod?: SignMethod;
  /** Follow the auth service's published key set (JWKS), falling back to the one-key endpoint. Default true. */
  readonly useJwks?: boolean;
  /** Least time between refetches caused by tokens with unknown kids. Default 30. */
  readonly unknownKidCooldownSeconds?: number;
  /** How long the last good keys are used while the auth service cannot be reached. Default 86400 (a day). */
  readonly maxStaleSeconds?: number;
  /**
   * How long the last good revocation feed answer is trusted while the feed cannot be reached. Beyond it tokens
   * are refused with RevocationStaleError (503) and health is DOWN: a token revoked meanwhile must not pass.
   * Default 300 (5 min: five of the default one-minute refreshes, so one or two lost fetches never trip it).
   */
  readonly revocationMaxStaleSeconds?: number;
  /** How many verified tokens are remembered until their exp (0 turns the cache off). Default 10000. */
  readonly verifiedTokenCacheSize?: number;
  /**
   * Allow a plain `http` authServerUrl to a host that is not loopback under NODE_ENV=production.
   * The appSecret, the keys (with hmac the signing secret itself) and the revocation feed then
   * cross the network readable and changeable: only for a network you trust end to end. Loopback
   * (127.0.0.0/8, ::1, localhost) and any URL outside production need no opt-in. Default false.
   */
  readonly allowInsecureHttp?: boolean;
  /**
   * The audience(s) this service answers to (its resource identifier as registered at the auth service,
   * e.g. `https://orders.example`): a token whose `aud` names none of them is refused (401 `invalid_token`).
   * Exact string comparison, no normalisation. Unset, no audience is checked.
   */
  readonly audience?: string | readonly string[];
  /**
   * Accept a client's own tokens (`client_credentials`: `sub` and `client_id` the client, no user claims) as
   * a client principal: the current user with `clientId` set and every user field null. Default false: they
   * are refused as invalid tokens, as a service that expects users needs.
   */
  readonly acceptClientTokens?: boolean;
}

/** Options after defaults and checks: what `clientModule` binds as CLIENT_TYPES.ClientOptions. */
export type ResolvedClientOptions = Readonly<Required<Omit<ClientOptions, 'issuer' | 'passList' | 'audience'>>> & {
  readonly passList: readonly string[];
  readonly issuer: string | undefined;
  /** The audiences a token must name one of; undefined checks none. */
  readonly audience: readonly string[] | undefined;
  /** The algorithms the sign method allows (narrowed later by the fetched key's type). */
  readonly algorithms: readonly string[];
};

/** The default of every optional client option. */
export const CLIENT_DEFAULTS = Object.freeze({
  authContextPath: 'auth',
  refreshCron: '0 */1 * * * *',
  passList: Object.freeze(['/oauth/jwt/**']),
  fetchTimeoutMs: 5000,
  clockToleranceSeconds: 30,
  signMethod: 'rsa' as SignMethod,
  useJwks: true,
  unknownKidCooldownSeconds: 30,
  maxStaleSeconds: 86_400,
  revocationMaxStaleSeconds: 300,
  verifiedTokenCacheSize: 10_000,
  maxTokenLifetimeSeconds: 18_000,
  allowInsecureHttp: false,
  acceptClientTokens: false,
});

/** How problems name each option: the option itself for library callers, the variable for the env loader. */
export type OptionNames = Readonly<Record<keyof ClientOptions, string>>;

const OWN_NAMES: OptionNames = {
  authServerUrl: 'authServerUrl',
  authContextPath: 'authContextPath',
  appId: 'appId',
  appSecret: 'appSecret',
  refreshCron: 'refreshCron',
  passList: 'passList',
  fetchTimeoutMs: 'fetchTimeoutMs',
  clockToleranceSeconds: 'clockToleranceSeconds',
  issuer: 'issuer',
  signMethod: 'signMethod',
  useJwks: 'useJwks',
  unknownKidCooldownSeconds: 'unknownKidCooldownSeconds',
  maxStaleSeconds: 'maxStaleSeconds',
  revocationMaxStaleSeconds: 'revocationMaxStaleSeconds',
  verifiedTokenCacheSize: 'verifiedTokenCacheSize',
  maxTokenLifetimeSeconds: 'maxTokenLifetimeSeconds',
  allowInsecureHttp: 'allowInsecureHttp',
  audience: 'audience',
  acceptClientTokens: 'acceptClientTokens',
};

/** One check per option, in declaration order; each returns the predicate a bad value fails, or undefined. */
type Check = (value: unknown) => string | undefined;

const wholeNumber = (min: number, max: number, message: string): Check => (value) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? undefined : message;

const text1to256: Check = (value) => (typeof value === 'string' && value.length >= 1 && value.length <= 256 ? undefined : 'must be a string of 1 to 256 characters');

/** An absolute URL with a host, and one of the given protocols when named. */
function absoluteUrl(value: unknown, protocols?: readonly string[]): boolean {
  if (typeof value !== 'string' || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' && (protocols === undefined || protocols.includes(url.protocol.slice(0, -1)));
  } catch {
    return false;
  }
}

const CHECKS: Readonly<Partial<Record<keyof ClientOptions, Check>>> = {
  authServerUrl: (value) => (absoluteUrl(value, ['http', 'https']) ? undefined : 'must be an absolute http(s) URL'),
  authContextPath: (value) => (typeof value === 'string' && CONTEXT_PATH_PATTERN.test(value) ? undefined : 'must be a path such as "auth"'),
  appId: text1to256,
  appSecret: text1to256,
  passList: (value) =>
    Array.isArray(value) && value.every((entry) => typeof entry === 'string' && ANT_PATTERN.test(entry)) ? undefined : 'must be a list of paths such as /oauth/jwt/**',
  fetchTimeoutMs: wholeNumber(1, 60_000, 'must be a whole number of milliseconds from 1 to 60000'),
  clockToleranceSeconds: wholeNumber(0, 300, 'must be a whole number from 0 to 300'),
  issuer: (value) => (value === undefined || absoluteUrl(value) ? undefined : 'must be an absolute URL'),
  signMethod: (value) => ((SIGN_METHODS as readonly unknown[]).includes(value) ? undefined : `must be one of ${SIGN_METHODS.join(', ')}`),
  useJwks: (value) => (typeof value === 'boolean' ? undefined : 'must be true or false'),
  unknownKidCooldownSeconds: wholeNumber(1, 3600, 'must be a whole number of seconds from 1 to 3600'),
  maxStaleSeconds: wholeNumber(60, Number.MAX_SAFE_INTEGER, 'must be a whole number of seconds, at least 60'),
  revocationMaxStaleSeconds: wholeNumber(1, Number.MAX_SAFE_INTEGER, 'must be a whole number of seconds, at least 1'),
  verifiedTokenCacheSize: wholeNumber(0, 1_000_000, 'must be a whole number from 0 to 1000000'),
  maxTokenLifetimeSeconds: wholeNumber(1, Number.MAX_SAFE_INTEGER, 'must be a whole number of seconds, at least 1'),
  allowInsecureHttp: (value) => (typeof value === 'boolean' ? undefined : 'must be true or false'),
  audience: (value) => (value === undefined || isAudience(value) ? undefined : 'must be a non-empty string or a non-empty list of non-empty strings'),
  acceptClientTokens: (value) => (typeof value === 'boolean' ? undefined : 'must be true or false'),
};

/** One audience, or a non-empty list of them; each a non-empty string. */
function isAudience(value: unknown): boolean {
  const nonEmpty = (entry: unknown) => typeof entry === 'string' && entry.length > 0;
  return nonEmpty(value) || (Array.isArray(value) && value.length > 0 && value.every(nonEmpty));
}

/**
 * Applies defaults and checks every option, throwing one ConfigError that names each bad one.
 * `nodeEnv` (NODE_ENV, read when this is called) decides whether plain http is refused.
 */
export function resolveClientOptions(options: ClientOptions, nodeEnv: string | undefined = process.env.NODE_ENV): ResolvedClientOptions {
  const { resolved, problems } = checkClientOptions(options, OWN_NAMES, nodeEnv);
  if (problems.length > 0) throw new ConfigError(problems);
  return resolved;
}

/**
 * Defaults applied and problems listed (named with `names`), for callers that report more problems together.
 * `nodeEnv`: the NODE_ENV the service runs under (production refuses plain http off loopback).
 */
export function checkClientOptions(
  options: ClientOptions,
  names: OptionNames,
  nodeEnv: string | undefined = process.env.NODE_ENV,
): { resolved: ResolvedClientOptions; problems: string[] } {
  const settings = {
    authServerUrl: options.authServerUrl,
    authContextPath: ifText(options.authContextPath ?? CLIENT_DEFAULTS.authContextPath, (path) => path.replace(/^\/+|\/+$/g, '')),
    appId: options.appId,
    appSecret: options.appSecret,
    refreshCron: ifText(options.refreshCron ?? CLIENT_DEFAULTS.refreshCron, normalizeCron),
    passList: options.passList === undefined ? [...CLIENT_DEFAULTS.passList] : options.passList,
    fetchTimeoutMs: options.fetchTimeoutMs ?? CLIENT_DEFAULTS.fetchTimeoutMs,
    clockToleranceSeconds: options.clockToleranceSeconds ?? CLIENT_DEFAULTS.clockToleranceSeconds,
    issuer: options.issuer === undefined || options.issuer === '' ? undefined : options.issuer,
    signMethod: options.signMethod ?? CLIENT_DEFAULTS.signMethod,
    useJwks: options.useJwks ?? CLIENT_DEFAULTS.useJwks,
    unknownKidCooldownSeconds: options.unknownKidCooldownSeconds ?? CLIENT_DEFAULTS.unknownKidCooldownSeconds,
    maxStaleSeconds: options.maxStaleSeconds ?? CLIENT_DEFAULTS.maxStaleSeconds,
    revocationMaxStaleSeconds: options.revocationMaxStaleSeconds ?? CLIENT_DEFAULTS.revocationMaxStaleSeconds,
    verifiedTokenCacheSize: options.verifiedTokenCacheSize ?? CLIENT_DEFAULTS.verifiedTokenCacheSize,
    maxTokenLifetimeSeconds: options.maxTokenLifetimeSeconds ?? CLIENT_DEFAULTS.maxTokenLifetimeSeconds,
    allowInsecureHttp: options.allowInsecureHttp ?? CLIENT_DEFAULTS.allowInsecureHttp,
    audience: options.audience,
    acceptClientTokens: options.acceptClientTokens ?? CLIENT_DEFAULTS.acceptClientTokens,
  };
  const problems: string[] = [];
  for (const [option, check] of Object.entries(CHECKS) as [keyof ClientOptions, Check][]) {
    const problem = check(settings[option]);
    if (problem) problems.push(`${names[option]} ${problem}`);
  }
  const cron = typeof settings.refreshCron === 'string' ? cronProblem(settings.refreshCron) : 'must be a cron expression (a string)';
  if (cron) problems.push(`${names.refreshCron} ${cron}`);
  const plainHttp = plainHttpProblem(settings.authServerUrl, settings.allowInsecureHttp, nodeEnv, names.allowInsecureHttp);
  if (plainHttp) problems.push(`${names.authServerUrl} ${plainHttp}`);
  const resolved: ResolvedClientOptions = Object.freeze({
    ...settings,
    passList: Object.freeze([...(Array.isArray(settings.passList) ? settings.passList : [])]),
    audience: audienceList(settings.audience),
    algorithms: ALGORITHMS_BY_METHOD[settings.signMethod as SignMethod] ?? [],
  });
  return { resolved, problems };
}

/** The audience option as a frozen list; undefined when not set (a value of another type, already named as a problem, reads as none). */
function audienceList(audience: ClientOptions['audience']): readonly string[] | undefined {
  if (audience === undefined) return undefined;
  return Object.freeze(typeof audience === 'string' ? [audience] : Array.isArray(audience) ? [...audience] : []);
}

/**
 * Normalises a text option; anything else (plain JavaScript callers pass what they like) is left as it
 * came, for the check to name it in the one ConfigError rather than fail with a TypeError here.
 */
function ifText(value: string, normalize: (text: string) => string): string {
  return typeof value === 'string' ? normalize(value) : value;
}
