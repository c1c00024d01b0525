import { expect } from 'chai';
import { ConfigError } from '@auth-service/client';
import { loadClientConfig } from '../../../../src/infrastructure/config/ClientConfig';

describe('loadClientConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadClientConfig({});
    expect(config.port).to.equal(8002);
    expect(config.contextPath).to.equal('auth-client-demo');
    expect(config.logLevel).to.equal('info');
    expect(config.client).to.deep.equal({
      authServerUrl: 'http://127.0.0.1:8001',
      authContextPath: 'auth',
      appId: 'auth-client-demo',
      appSecret: '123456',
      refreshCron: '0 */1 * * * *',
      passList: ['/oauth/jwt/**'],
      fetchTimeoutMs: 5000,
      clockToleranceSeconds: 30,
      issuer: undefined,
      signMethod: 'rsa',
      useJwks: true,
      unknownKidCooldownSeconds: 30,
      maxStaleSeconds: 86_400,
      revocationMaxStaleSeconds: 300,
      verifiedTokenCacheSize: 10_000,
      maxTokenLifetimeSeconds: 18_000,
      allowInsecureHttp: false,
      audience: undefined,
      acceptClientTokens: false,
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'],
    });
    expect(Object.isFrozen(config)).to.equal(true);
    expect(Object.isFrozen(config.client)).to.equal(true);
  });

  it('reads every variable', () => {
    const config = loadClientConfig({
      PORT: '9000',
      AUTH_CONTEXT_PATH: '/orders/',
      AUTH_SERVER_URL: 'https://auth.example.com',
      AUTH_SERVER_CONTEXT_PATH: 'sso',
      AUTH_APP_ID: 'orders',
      AUTH_APP_SECRET: 's3cret',
      AUTH_SIGN_METHOD: 'ECDSA',
      AUTH_KEY_REFRESH_CRON: '*/10 * * * * *',
      AUTH_PASS_LIST: '/oauth/jwt/**, /static/**,/**/public/*',
      AUTH_FETCH_TIMEOUT_MS: '1500',
      AUTH_CLOCK_TOLERANCE_SECONDS: '5',
      AUTH_ISSUER: 'https://auth.example.com/sso',
      LOG_LEVEL: 'WARN',
    });
    expect(config).to.include({ port: 9000, contextPath: 'orders', logLevel: 'warn' });
    expect(config.client).to.deep.include({
      authServerUrl: 'https://auth.example.com',
      authContextPath: 'sso',
      appId: 'orders',
      appSecret: 's3cret',
      signMethod: 'ecdsa',
      algorithms: ['ES256', 'ES384', 'ES512'],
      refreshCron: '*/10 * * * * *',
      passList: ['/oauth/jwt/**', '/static/**', '/**/public/*'],
      fetchTimeoutMs: 1500,
      clockToleranceSeconds: 5,
      issuer: 'https://auth.example.com/sso',
    });
  });

  it("accepts the seed's Spring cron with ?", () => {
    expect(loadClientConfig({ AUTH_KEY_REFRESH_CRON: '0 0/1 * * * ?' }).client.refreshCron).to.equal('0 0/1 * * * *');
  });

  it('names every bad variable in one ConfigError', () => {
    let error: unknown;
    try {
      loadClientConfig({
        PORT: 'eighty',
        AUTH_CONTEXT_PATH: 'a b',
        AUTH_SERVER_URL: 'localhost:8001',
        AUTH_SIGN_METHOD: 'dsa',
        AUTH_KEY_REFRESH_CRON: 'every minute',
        AUTH_PASS_LIST: 'oauth',
        AUTH_FETCH_TIMEOUT_MS: '0',
        AUTH_CLOCK_TOLERANCE_SECONDS: '-1',
        AUTH_ISSUER: 'not a url',
        LOG_LEVEL: 'loud',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message.split('\n')).to.have.length(1);
    for (const name of [
      'PORT',
      'AUTH_CONTEXT_PATH',
      'AUTH_SERVER_URL',
      'AUTH_SIGN_METHOD',
      'AUTH_KEY_REFRESH_CRON',
      'AUTH_PASS_LIST',
      'AUTH_FETCH_TIMEOUT_MS',
      'AUTH_CLOCK_TOLERANCE_SECONDS',
      'AUTH_ISSUER',
      'LOG_LEVEL',
    ]) {
      expect((error as ConfigError).problems.some((problem) => problem.startsWith(`${name} `)), name).to.equal(true);
    }
    expect((error as ConfigError).problems).to.have.length(10);
  });
});

describe('loadClientConfig: AUTH_ALLOW_INSECURE_HTTP', () => {
  const STRONG = 'Zq7-rT2vX9pL4mK8sW1nB6cY3hJ5dF0g';
  const problemsOf = (env: Record<string, string>): readonly string[] => {
    try {
      loadClientConfig(env);
      return [];
    } catch (error) {
      expect(error).to.be.instanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
  };

  it('refuses a plain http AUTH_SERVER_URL off loopback under NODE_ENV=production, naming the variable, the URL and AUTH_ALLOW_INSECURE_HTTP', () => {
    const [problem, ...rest] = problemsOf({ NODE_ENV: 'production', AUTH_APP_SECRET: STRONG, AUTH_SERVER_URL: 'http://auth.internal:8001' });
    expect(rest).to.deep.equal([]);
    expect(problem).to.match(/^AUTH_SERVER_URL http:\/\/auth\.internal:8001 is plain http .* set AUTH_ALLOW_INSECURE_HTTP to true to allow it$/);
  });

  it('starts with AUTH_ALLOW_INSECURE_HTTP=true, on loopback, over https, or outside production', () => {
    const production = { NODE_ENV: 'production', AUTH_APP_SECRET: STRONG };
    expect(loadClientConfig({ ...production, AUTH_SERVER_URL: 'http://auth.internal:8001', AUTH_ALLOW_INSECURE_HTTP: 'true' }).client.allowInsecureHttp).to.equal(true);
    expect(problemsOf(production)).to.deep.equal([]); // the default http://127.0.0.1:8001
    expect(problemsOf({ ...production, AUTH_SERVER_URL: 'https://auth.example.com' })).to.deep.equal([]);
    expect(problemsOf({ AUTH_SERVER_URL: 'http://auth.internal:8001' })).to.deep.equal([]);
  });

  it('refuses a value that is not a boolean', () => {
    expect(problemsOf({ AUTH_ALLOW_INSECURE_HTTP: 'maybe' })).to.deep.equal(['AUTH_ALLOW_INSECURE_HTTP must be true or false']);
  });
});

describe('loadClientConfig: AUTH_AUDIENCE and AUTH_ACCEPT_CLIENT_TOKENS', () => {
  const problemsOf = (env: Record<string, string>): readonly string[] => {
    try {
      loadClientConfig(env);
      return [];
    } catch (error) {
      expect(error).to.be.instanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
  };

  it('checks no audience when AUTH_AUDIENCE is unset or blank', () => {
    expect(loadClientConfig({}).client.audience).to.equal(undefined);
    expect(loadClientConfig({ AUTH_AUDIENCE: '  ' }).client.audience).to.equal(undefined);
  });

  it('reads one audience or a comma-separated list, exactly as written (no trailing slash added or removed)', () => {
    expect(loadClientConfig({ AUTH_AUDIENCE: 'https://orders.example' }).client.audience).to.deep.equal(['https://orders.example']);
    expect(loadClientConfig({ AUTH_AUDIENCE: ' https://orders.example/ , orders ' }).client.audience).to.deep.equal(['https://orders.example/', 'orders']);
  });

  it('names AUTH_AUDIENCE when it holds nothing but commas', () => {
    expect(problemsOf({ AUTH_AUDIENCE: ', ,' })).to.deep.equal(['AUTH_AUDIENCE must be a non-empty string or a non-empty list of non-empty strings']);
  });

  it('reads AUTH_ACCEPT_CLIENT_TOKENS as a boolean, false by default', () => {
    expect(loadClientConfig({}).client.acceptClientTokens).to.equal(false);
    expect(loadClientConfig({ AUTH_ACCEPT_CLIENT_TOKENS: 'true' }).client.acceptClientTokens).to.equal(true);
    expect(problemsOf({ AUTH_ACCEPT_CLIENT_TOKENS: 'maybe' })).to.deep.equal(['AUTH_ACCEPT_CLIENT_TOKENS must be true or false']);
  });
});
