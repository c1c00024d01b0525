import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';
import { bindHost } from './bindHost';
import { checkClientOptions, type ClientOptions, type OptionNames, type ResolvedClientOptions } from '@auth-service/client/internal/infrastructure/config/ClientOptions';
import { CONTEXT_PATH_PATTERN, contextPath, flag, integer, list, LOG_LEVELS, text, validated, type Env } from '@auth-service/client/internal/infrastructure/config/envValues';

/** The demo client service's settings, typed and checked; see README for each variable. */
export class ClientConfig {
  @IsInt({ message: 'PORT must be a whole number from 0 to 65535' })
  @Min(0, { message: 'PORT must be a whole number from 0 to 65535' })
  @Max(65535, { message: 'PORT must be a whole number from 0 to 65535' })
  port!: number;

  /** The address to listen on (`HOST`); undefined binds every interface. */
  host!: string | undefined;

  /** This service's own context path. */
  @Matches(CONTEXT_PATH_PATTERN, { message: 'AUTH_CONTEXT_PATH must be a path such as "auth-client-demo"' })
  contextPath!: string;

  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  logLevel!: string;

  @IsInt({ message: 'AUTH_WORKERS must be a whole number from 1 to 64' })
  @Min(1, { message: 'AUTH_WORKERS must be a whole number from 1 to 64' })
  @Max(64, { message: 'AUTH_WORKERS must be a whole number from 1 to 64' })
  workers!: number;

  /** The client library's options, as a service embedding the library would pass them. */
  client!: ResolvedClientOptions;
}

const ENV_NAMES: OptionNames = {
  authServerUrl: 'AUTH_SERVER_URL',
  authContextPath: 'AUTH_SERVER_CONTEXT_PATH',
  appId: 'AUTH_APP_ID',
  appSecret: 'AUTH_APP_SECRET',
  refreshCron: 'AUTH_KEY_REFRESH_CRON',
  passList: 'AUTH_PASS_LIST',
  fetchTimeoutMs: 'AUTH_FETCH_TIMEOUT_MS',
  clockToleranceSeconds: 'AUTH_CLOCK_TOLERANCE_SECONDS',
  issuer: 'AUTH_ISSUER',
  signMethod: 'AUTH_SIGN_METHOD',
  useJwks: 'AUTH_USE_JWKS',
  unknownKidCooldownSeconds: 'AUTH_KEY_UNKNOWN_KID_COOLDOWN_SECONDS',
  maxStaleSeconds: 'AUTH_KEY_MAX_STALE_SECONDS',
  verifiedTokenCacheSize: 'AUTH_VERIFIED_TOKEN_CACHE',
  maxTokenLifetimeSeconds: 'AUTH_MAX_TOKEN_LIFETIME_SECONDS',
};

/** Reads the demo client's environment; one ConfigError names every bad variable. */
export function loadClientConfig(env: Env): Readonly<ClientConfig> {
  const options: ClientOptions = {
    authServerUrl: text(env, 'AUTH_SERVER_URL', 'http://127.0.0.1:8001'),
    authContextPath: contextPath(env, 'AUTH_SERVER_CONTEXT_PATH', 'auth'),
    appId: text(env, 'AUTH_APP_ID', 'auth-client-demo'),
    appSecret: text(env, 'AUTH_APP_SECRET', '123456'),
    signMethod: text(env, 'AUTH_SIGN_METHOD', 'rsa').toLowerCase() as ClientOptions['signMethod'],
    refreshCron: text(env, 'AUTH_KEY_REFRESH_CRON', '0 */1 * * * *'),
    passList: list(env, 'AUTH_PASS_LIST', ['/oauth/jwt/**']),
    fetchTimeoutMs: integer(env, 'AUTH_FETCH_TIMEOUT_MS', 5000),
    clockToleranceSeconds: integer(env, 'AUTH_CLOCK_TOLERANCE_SECONDS', 30),
    issuer: text(env, 'AUTH_ISSUER', '') || undefined,
    useJwks: flag(env, 'AUTH_USE_JWKS', true),
    unknownKidCooldownSeconds: integer(env, 'AUTH_KEY_UNKNOWN_KID_COOLDOWN_SECONDS', 30),
    maxStaleSeconds: integer(env, 'AUTH_KEY_MAX_STALE_SECONDS', 86_400),
    verifiedTokenCacheSize: integer(env, 'AUTH_VERIFIED_TOKEN_CACHE', 10_000),
    maxTokenLifetimeSeconds: integer(env, 'AUTH_MAX_TOKEN_LIFETIME_SECONDS', 18_000),
  };
  const { resolved, problems } = checkClientOptions(options, ENV_NAMES);
  const config = new ClientConfig();
  config.port = integer(env, 'PORT', 8002);
  config.host = bindHost(env, 'HOST', problems);
  config.contextPath = contextPath(env, 'AUTH_CONTEXT_PATH', 'auth-client-demo');
  config.logLevel = text(env, 'LOG_LEVEL', 'info').toLowerCase();
  config.workers = integer(env, 'AUTH_WORKERS', 1);
  config.client = resolved;
  return validated(config, problems);
}
