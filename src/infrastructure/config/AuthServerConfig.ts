import { IsIn, IsInt, IsUrl, Matches, Max, Min } from 'class-validator';
import { defaultAlgorithm, isAlgorithmOf, isSignMethod, SIGN_METHODS, type SignMethod } from '../../domain/model/SignMethod';
import type { ClientCredentials } from '../auth/StaticClientRegistry';
import { ANT_PATTERN, CONTEXT_PATH_PATTERN, contextPath, integer, list, LOG_LEVELS, text, validated, type Env } from './envValues';
import { trustProxy, type TrustProxy } from './trustProxy';

export const USER_STORES = ['stub', 'database'] as const;
export type UserStore = (typeof USER_STORES)[number];

/** The auth service's settings, typed and checked; see README for each variable. */
export class AuthServerConfig {
  @IsInt({ message: 'PORT must be a whole number from 0 to 65535' })
  @Min(0, { message: 'PORT must be a whole number from 0 to 65535' })
  @Max(65535, { message: 'PORT must be a whole number from 0 to 65535' })
  port!: number;

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

  @IsInt({ message: 'AUTH_TOKEN_TTL_SECONDS must be a whole number of seconds, at least 1' })
  @Min(1, { message: 'AUTH_TOKEN_TTL_SECONDS must be a whole number of seconds, at least 1' })
  tokenTtlSeconds!: number;

  @IsInt({ message: 'AUTH_CLOCK_TOLERANCE_SECONDS must be a whole number from 0 to 300' })
  @Min(0, { message: 'AUTH_CLOCK_TOLERANCE_SECONDS must be a whole number from 0 to 300' })
  @Max(300, { message: 'AUTH_CLOCK_TOLERANCE_SECONDS must be a whole number from 0 to 300' })
  clockToleranceSeconds!: number;

  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'AUTH_ISSUER must be an absolute URL' })
  issuer!: string;

  @Matches(ANT_PATTERN, { each: true, message: 'AUTH_PASS_LIST must be comma-separated paths such as /oauth/jwt/**' })
  passList!: string[];

  clients!: ClientCredentials[];

  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  logLevel!: string;

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
}

export function loadAuthServerConfig(env: Env): Readonly<AuthServerConfig> {
  const config = new AuthServerConfig();
  const problems: string[] = [];
  config.port = integer(env, 'PORT', 8001);
  config.contextPath = contextPath(env, 'AUTH_CONTEXT_PATH', 'auth');
  config.signMethod = text(env, 'AUTH_SIGN_METHOD', 'rsa').toLowerCase() as SignMethod;
  config.signAlg = text(env, 'AUTH_SIGN_ALG', isSignMethod(config.signMethod) ? defaultAlgorithm(config.signMethod) : '').toUpperCase();
  if (isSignMethod(config.signMethod) && !isAlgorithmOf(config.signMethod, config.signAlg)) {
    problems.push(`AUTH_SIGN_ALG ${JSON.stringify(config.signAlg)} does not belong to AUTH_SIGN_METHOD ${config.signMethod}`);
  }
  config.rsaBits = integer(env, 'AUTH_RSA_BITS', 2048);
  config.databaseUrl = text(env, 'AUTH_DATABASE_URL', 'sqlite:data/auth.sqlite');
  config.tokenTtlSeconds = integer(env, 'AUTH_TOKEN_TTL_SECONDS', 18000);
  config.clockToleranceSeconds = integer(env, 'AUTH_CLOCK_TOLERANCE_SECONDS', 0);
  config.issuer = text(env, 'AUTH_ISSUER', `http://localhost:${config.port}/${config.contextPath}`);
  config.passList = list(env, 'AUTH_PASS_LIST', ['/oauth/jwt/**']);
  config.clients = parseClients(list(env, 'AUTH_CLIENTS', []), problems);
  config.logLevel = text(env, 'LOG_LEVEL', 'info').toLowerCase();
  config.userStore = text(env, 'AUTH_USER_STORE', 'stub').toLowerCase() as UserStore;
  config.loginMaxAttempts = integer(env, 'AUTH_LOGIN_MAX_ATTEMPTS', 10);
  config.loginWindowSeconds = integer(env, 'AUTH_LOGIN_WINDOW_SECONDS', 60);
  config.trustProxy = trustProxy(env, 'AUTH_TRUST_PROXY', problems);
  return validated(config, problems);
}

/** `appId:appSecret` pairs; the secret may itself contain colons. */
function parseClients(entries: readonly string[], problems: string[]): ClientCredentials[] {
  const clients: ClientCredentials[] = [];
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    if (colon <= 0 || colon === entry.length - 1) {
      problems.push('AUTH_CLIENTS must be a comma list of appId:appSecret');
      break;
    }
    clients.push({ appId: entry.slice(0, colon), appSecret: entry.slice(colon + 1) });
  }
  return clients;
}
