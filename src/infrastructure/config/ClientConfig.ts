import { bindHost } from './bindHost';
import { checkClientOptions, type ClientOptions, type OptionNames, type ResolvedClientOptions } from '@auth-service/client';
import { CLIENT_DEMO_ENV } from './clientDemoEnv';
import { clientSecretWeakness, STRONG_SECRET_HINT } from './clientSecretStrength';
import { declaredDefault } from './envDeclaration';
import { contextPath, flag, integer, list, text, validated, type Env } from './envValues';

/** The demo client service's settings, typed and checked; see README for each variable. */
export class ClientConfig {
  port!: number;

  /** The address to listen on (`HOST`); undefined binds every interface. */
  host!: string | undefined;

  /** This service's own context path. */
  contextPath!: string;

  logLevel!: string;

  workers!: number;

  /** True when AUTH_APP_SECRET is too weak for production (refused under NODE_ENV=production; warned about otherwise). */
  weakAppSecret!: boolean;

  /** The client library's options, as a service embedding the library would pass them. */
  client!: ResolvedClientOptions;
}

const num = (name: string): number => declaredDefault<number>(CLIENT_DEMO_ENV, name);
const str = (name: string): string => declaredDefault<string>(CLIENT_DEMO_ENV, name);

/** Each library option's variable, from the declaration: problems name the variable, not the option. */
const ENV_NAMES = Object.fromEntries(
  CLIENT_DEMO_ENV.flatMap((variable) => (variable.option ? [[variable.option, variable.name]] : [])),
) as OptionNames;

/** Reads the demo client's environment; one ConfigError names every bad variable. */
export function loadClientConfig(env: Env): Readonly<ClientConfig> {
  const options: ClientOptions = {
    authServerUrl: text(env, 'AUTH_SERVER_URL', str('AUTH_SERVER_URL')),
    authContextPath: contextPath(env, 'AUTH_SERVER_CONTEXT_PATH', str('AUTH_SERVER_CONTEXT_PATH')),
    appId: text(env, 'AUTH_APP_ID', str('AUTH_APP_ID')),
    appSecret: text(env, 'AUTH_APP_SECRET', str('AUTH_APP_SECRET')),
    signMethod: text(env, 'AUTH_SIGN_METHOD', str('AUTH_SIGN_METHOD')).toLowerCase() as ClientOptions['signMethod'],
    refreshCron: text(env, 'AUTH_KEY_REFRESH_CRON', str('AUTH_KEY_REFRESH_CRON')),
    passList: list(env, 'AUTH_PASS_LIST', [str('AUTH_PASS_LIST')]),
    fetchTimeoutMs: integer(env, 'AUTH_FETCH_TIMEOUT_MS', num('AUTH_FETCH_TIMEOUT_MS')),
    clockToleranceSeconds: integer(env, 'AUTH_CLOCK_TOLERANCE_SECONDS', num('AUTH_CLOCK_TOLERANCE_SECONDS')),
    issuer: text(env, 'AUTH_ISSUER', '') || undefined,
    // Unset or blank checks no audience; set to nothing but commas, the empty list is named as a problem.
    audience: text(env, 'AUTH_AUDIENCE', '') ? list(env, 'AUTH_AUDIENCE', []) : undefined,
    acceptClientTokens: flag(env, 'AUTH_ACCEPT_CLIENT_TOKENS', declaredDefault<boolean>(CLIENT_DEMO_ENV, 'AUTH_ACCEPT_CLIENT_TOKENS')),
    useJwks: flag(env, 'AUTH_USE_JWKS', declaredDefault<boolean>(CLIENT_DEMO_ENV, 'AUTH_USE_JWKS')),
    unknownKidCooldownSeconds: integer(env, 'AUTH_KEY_UNKNOWN_KID_COOLDOWN_SECONDS', num('AUTH_KEY_UNKNOWN_KID_COOLDOWN_SECONDS')),
    maxStaleSeconds: integer(env, 'AUTH_KEY_MAX_STALE_SECONDS', num('AUTH_KEY_MAX_STALE_SECONDS')),
    revocationMaxStaleSeconds: integer(env, 'AUTH_REVOCATION_MAX_STALE_SECONDS', num('AUTH_REVOCATION_MAX_STALE_SECONDS')),
    verifiedTokenCacheSize: integer(env, 'AUTH_VERIFIED_TOKEN_CACHE', num('AUTH_VERIFIED_TOKEN_CACHE')),
    maxTokenLifetimeSeconds: integer(env, 'AUTH_MAX_TOKEN_LIFETIME_SECONDS', num('AUTH_MAX_TOKEN_LIFETIME_SECONDS')),
    allowInsecureHttp: flag(env, 'AUTH_ALLOW_INSECURE_HTTP', declaredDefault<boolean>(CLIENT_DEMO_ENV, 'AUTH_ALLOW_INSECURE_HTTP')),
  };
  const { resolved, problems } = checkClientOptions(options, ENV_NAMES, env.NODE_ENV);
  const config = new ClientConfig();
  config.port = integer(env, 'PORT', num('PORT'));
  config.host = bindHost(env, 'HOST', problems);
  config.contextPath = contextPath(env, 'AUTH_CONTEXT_PATH', str('AUTH_CONTEXT_PATH'));
  config.logLevel = text(env, 'LOG_LEVEL', str('LOG_LEVEL')).toLowerCase();
  config.workers = integer(env, 'AUTH_WORKERS', num('AUTH_WORKERS'));
  config.client = resolved;
  // The secret is guessed online at the auth service: see AuthServerConfig's rule for AUTH_CLIENTS, which this mirrors.
  const weakness = clientSecretWeakness(options.appSecret);
  config.weakAppSecret = weakness !== null;
  if (weakness !== null && env.NODE_ENV?.trim() === 'production') {
    problems.push(`AUTH_APP_SECRET of client ${JSON.stringify(options.appId)} is too weak for NODE_ENV=production (${weakness}); use ${STRONG_SECRET_HINT}`);
  }
  return validated(config, CLIENT_DEMO_ENV, problems);
}
