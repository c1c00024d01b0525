import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Length, Matches, Max, Min, validateSync, type ValidationError } from 'class-validator';
import { ALGORITHMS_BY_METHOD, SIGN_METHODS, type SignMethod } from '../../domain/model/SignMethod';
import { cronProblem, normalizeCron } from '../scheduling/CronRefreshScheduler';
import { ConfigError } from './ConfigError';
import { ANT_PATTERN, CONTEXT_PATH_PATTERN } from './envValues';

/** What a service tells the client library; everything but the URL and credentials has a default. */
export interface ClientOptions {
  /** The auth service's origin, e.g. `http://127.0.0.1:8001`. */
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
}

/** Options after defaults and checks: what `clientModule` binds as CLIENT_TYPES.ClientOptions. */
export type ResolvedClientOptions = Readonly<Required<Omit<ClientOptions, 'issuer' | 'passList'>>> & {
  readonly passList: readonly string[];
  readonly issuer: string | undefined;
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
};

/** The checked form; messages are predicates, prefixed with the option's name. */
class ClientSettings {
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'must be an absolute http(s) URL' })
  authServerUrl!: string;

  @Matches(CONTEXT_PATH_PATTERN, { message: 'must be a path such as "auth"' })
  authContextPath!: string;

  @IsString({ message: 'must be a string of 1 to 256 characters' })
  @Length(1, 256, { message: 'must be a string of 1 to 256 characters' })
  appId!: string;

  @IsString({ message: 'must be a string of 1 to 256 characters' })
  @Length(1, 256, { message: 'must be a string of 1 to 256 characters' })
  appSecret!: string;

  refreshCron!: string;

  @IsArray({ message: 'must be a list of paths such as /oauth/jwt/**' })
  @Matches(ANT_PATTERN, { each: true, message: 'must be a list of paths such as /oauth/jwt/**' })
  passList!: string[];

  @IsInt({ message: 'must be a whole number of milliseconds from 1 to 60000' })
  @Min(1, { message: 'must be a whole number of milliseconds from 1 to 60000' })
  @Max(60000, { message: 'must be a whole number of milliseconds from 1 to 60000' })
  fetchTimeoutMs!: number;

  @IsInt({ message: 'must be a whole number from 0 to 300' })
  @Min(0, { message: 'must be a whole number from 0 to 300' })
  @Max(300, { message: 'must be a whole number from 0 to 300' })
  clockToleranceSeconds!: number;

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'must be an absolute URL' })
  issuer?: string;

  @IsIn(SIGN_METHODS, { message: `must be one of ${SIGN_METHODS.join(', ')}` })
  signMethod!: SignMethod;

  @IsBoolean({ message: 'must be true or false' })
  useJwks!: boolean;

  @IsInt({ message: 'must be a whole number of seconds from 1 to 3600' })
  @Min(1, { message: 'must be a whole number of seconds from 1 to 3600' })
  @Max(3600, { message: 'must be a whole number of seconds from 1 to 3600' })
  unknownKidCooldownSeconds!: number;

  @IsInt({ message: 'must be a whole number of seconds, at least 60' })
  @Min(60, { message: 'must be a whole number of seconds, at least 60' })
  maxStaleSeconds!: number;

  @IsInt({ message: 'must be a whole number of seconds, at least 1' })
  @Min(1, { message: 'must be a whole number of seconds, at least 1' })
  revocationMaxStaleSeconds!: number;

  @IsInt({ message: 'must be a whole number from 0 to 1000000' })
  @Min(0, { message: 'must be a whole number from 0 to 1000000' })
  @Max(1_000_000, { message: 'must be a whole number from 0 to 1000000' })
  verifiedTokenCacheSize!: number;

  @IsInt({ message: 'must be a whole number of seconds, at least 1' })
  @Min(1, { message: 'must be a whole number of seconds, at least 1' })
  maxTokenLifetimeSeconds!: number;
}

/** Applies defaults and checks every option, throwing one ConfigError that names each bad one. */
export function resolveClientOptions(options: ClientOptions): ResolvedClientOptions {
  const { resolved, problems } = checkClientOptions(options, OWN_NAMES);
  if (problems.length > 0) throw new ConfigError(problems);
  return resolved;
}

/** Defaults applied and problems listed (named with `names`), for callers that report more problems together. */
export function checkClientOptions(options: ClientOptions, names: OptionNames): { resolved: ResolvedClientOptions; problems: string[] } {
  const settings = Object.assign(new ClientSettings(), {
    authServerUrl: options.authServerUrl,
    authContextPath: (options.authContextPath ?? CLIENT_DEFAULTS.authContextPath).replace(/^\/+|\/+$/g, ''),
    appId: options.appId,
    appSecret: options.appSecret,
    refreshCron: normalizeCron(options.refreshCron ?? CLIENT_DEFAULTS.refreshCron),
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
  });
  const problems = describe(validateSync(settings), names);
  const cron = cronProblem(settings.refreshCron);
  if (cron) problems.push(`${names.refreshCron} ${cron}`);
  const resolved: ResolvedClientOptions = Object.freeze({
    ...settings,
    passList: Object.freeze([...(Array.isArray(settings.passList) ? settings.passList : [])]),
    algorithms: ALGORITHMS_BY_METHOD[settings.signMethod] ?? [],
  });
  return { resolved, problems };
}

function describe(errors: readonly ValidationError[], names: OptionNames): string[] {
  return errors.map((error) => {
    const name = names[error.property as keyof ClientOptions] ?? error.property;
    const messages = [...new Set(Object.values(error.constraints ?? {}))];
    return `${name} ${messages.join(', ')}`;
  });
}
