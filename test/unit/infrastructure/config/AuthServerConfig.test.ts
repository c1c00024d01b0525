import { expect } from 'chai';
import { loadAuthServerConfig } from '../../../../src/infrastructure/config/AuthServerConfig';
import { ConfigError } from '@auth-service/client';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadAuthServerConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadAuthServerConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    const config = loadAuthServerConfig({});

    expect(config).to.deep.include({
      port: 8001,
      contextPath: 'auth',
      signMethod: 'rsa',
      signAlg: 'RS256',
      rsaBits: 2048,
      databaseUrl: 'sqlite:data/auth.sqlite',
      tokenTtlSeconds: 18000,
      issuer: 'http://localhost:8001/auth',
      clients: [],
      passList: ['/oauth/jwt/**'],
    });
    expect(Object.isFrozen(config)).to.equal(true);
  });

  it('treats blank values as unset', () => {
    const config = loadAuthServerConfig({ PORT: ' ', AUTH_SIGN_METHOD: '', AUTH_CLIENTS: '  ' });
    expect(config).to.deep.include({ port: 8001, signMethod: 'rsa', signAlg: 'RS256', clients: [] });
  });

  it('defaults the algorithm per method', () => {
    expect(loadAuthServerConfig({ AUTH_SIGN_METHOD: 'ecdsa' }).signAlg).to.equal('ES256');
    expect(loadAuthServerConfig({ AUTH_SIGN_METHOD: 'hmac' }).signAlg).to.equal('HS256');
    expect(loadAuthServerConfig({ AUTH_SIGN_METHOD: 'rsa' }).signAlg).to.equal('RS256');
  });

  it('derives the default issuer from PORT and the context path', () => {
    expect(loadAuthServerConfig({ PORT: '9000', AUTH_CONTEXT_PATH: '/login-service/' })).to.deep.include({
      contextPath: 'login-service',
      issuer: 'http://localhost:9000/login-service',
    });
  });

  it('reads every variable', () => {
    const config = loadAuthServerConfig({
      PORT: '0',
      AUTH_CONTEXT_PATH: 'id',
      AUTH_SIGN_METHOD: 'ecdsa',
      AUTH_SIGN_ALG: 'es384',
      AUTH_RSA_BITS: '4096',
      AUTH_DATABASE_URL: 'sqlite::memory:',
      AUTH_TOKEN_TTL_SECONDS: '60',
      AUTH_ISSUER: 'https://id.example.com',
      AUTH_CLIENTS: 'orders:s3cret, billing:a:b:c',
    });
    expect(config).to.deep.include({
      port: 0,
      contextPath: 'id',
      signMethod: 'ecdsa',
      signAlg: 'ES384',
      rsaBits: 4096,
      databaseUrl: 'sqlite::memory:',
      tokenTtlSeconds: 60,
      issuer: 'https://id.example.com',
      clients: [
        { appId: 'orders', appSecret: 's3cret' },
        { appId: 'billing', appSecret: 'a:b:c' },
      ],
    });
  });

  it('accepts the other sizes of each family, and PS for rsa', () => {
    for (const [method, algs] of [
      ['rsa', ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512']],
      ['ecdsa', ['ES256', 'ES384', 'ES512']],
      ['hmac', ['HS256', 'HS384', 'HS512']],
    ] as const) {
      for (const alg of algs) {
        expect(loadAuthServerConfig({ AUTH_SIGN_METHOD: method, AUTH_SIGN_ALG: alg }).signAlg, `${method} ${alg}`).to.equal(alg);
      }
    }
  });

  it('accepts sqlite files, sqlite memory and postgres URLs', () => {
    for (const url of ['sqlite:data/auth.sqlite', 'sqlite::memory:', 'sqlite:/tmp/x.sqlite', 'postgres://u@127.0.0.1:5432/db']) {
      expect(loadAuthServerConfig({ AUTH_DATABASE_URL: url }).databaseUrl).to.equal(url);
    }
  });

  const BAD_VALUES: ReadonlyArray<[string, string]> = [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['AUTH_CONTEXT_PATH', 'a b'],
    ['AUTH_SIGN_METHOD', 'dsa'],
    ['AUTH_SIGN_ALG', 'ES256'],
    ['AUTH_SIGN_ALG', 'none'],
    ['AUTH_RSA_BITS', '1024'],
    ['AUTH_RSA_BITS', 'many'],
    ['AUTH_DATABASE_URL', 'mysql://localhost/db'],
    ['AUTH_DATABASE_URL', 'data/auth.sqlite'],
    ['AUTH_TOKEN_TTL_SECONDS', '0'],
    ['AUTH_TOKEN_TTL_SECONDS', '5m'],
    ['AUTH_ISSUER', 'not a url'],
    ['AUTH_CLIENTS', 'orders'],
    ['AUTH_CLIENTS', 'orders:'],
    ['AUTH_CLIENTS', ':secret'],
  ];
  for (const [name, value] of BAD_VALUES) {
    it(`rejects ${name}=${JSON.stringify(value)} with a ConfigError naming ${name}`, () => {
      const error = configError({ [name]: value });
      expect(error.code).to.equal('CONFIG_INVALID');
      expect(error.problems).to.have.length(1);
      expect(error.problems[0]).to.include(name);
      expect(error.message).to.include(name);
      expect(error.message.split('\n')).to.have.length(1);
    });
  }

  it('never echoes a client secret in the error', () => {
    const error = configError({ AUTH_CLIENTS: 'good:pair,topsecretvalue' });
    expect(error.message).to.include('AUTH_CLIENTS').and.not.include('topsecretvalue');
  });

  it('reports several bad values together', () => {
    const error = configError({ PORT: 'x', AUTH_SIGN_METHOD: 'dsa', AUTH_TOKEN_TTL_SECONDS: '-5', AUTH_CLIENTS: 'nocolon' });
    const message = error.message;
    for (const name of ['PORT', 'AUTH_SIGN_METHOD', 'AUTH_TOKEN_TTL_SECONDS', 'AUTH_CLIENTS']) {
      expect(error.problems.some((problem) => problem.includes(name)), name).to.equal(true);
      expect(message).to.include(name);
    }
  });

  describe('AUTH_SIGN_ALG family checks', () => {
    it('accepts PS256 for rsa', () => {
      expect(loadAuthServerConfig({ AUTH_SIGN_METHOD: 'rsa', AUTH_SIGN_ALG: 'PS256' })).to.deep.include({ signMethod: 'rsa', signAlg: 'PS256' });
    });

    it('accepts ES384 for ecdsa', () => {
      expect(loadAuthServerConfig({ AUTH_SIGN_METHOD: 'ecdsa', AUTH_SIGN_ALG: 'ES384' })).to.deep.include({ signMethod: 'ecdsa', signAlg: 'ES384' });
    });

    it('accepts HS512 for hmac', () => {
      expect(loadAuthServerConfig({ AUTH_SIGN_METHOD: 'hmac', AUTH_SIGN_ALG: 'HS512' })).to.deep.include({ signMethod: 'hmac', signAlg: 'HS512' });
    });

    it('rejects RS256 with ecdsa, naming AUTH_SIGN_ALG', () => {
      const error = configError({ AUTH_SIGN_METHOD: 'ecdsa', AUTH_SIGN_ALG: 'RS256' });
      expect(error.problems).to.have.length(1);
      expect(error.problems[0]).to.include('AUTH_SIGN_ALG').and.include('RS256');
    });

    it('rejects cross-family and unknown algorithms for every method', () => {
      for (const [method, alg] of [
        ['rsa', 'HS256'],
        ['rsa', 'ES256'],
        ['hmac', 'RS256'],
        ['hmac', 'PS256'],
        ['ecdsa', 'PS256'],
        ['ecdsa', 'HS256'],
        ['rsa', 'RS1024'],
        ['ecdsa', 'ES999'],
      ]) {
        expect(configError({ AUTH_SIGN_METHOD: method, AUTH_SIGN_ALG: alg }).message, `${method} ${alg}`).to.include('AUTH_SIGN_ALG');
      }
    });
  });
});
