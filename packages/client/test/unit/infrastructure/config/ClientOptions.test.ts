import { expect } from 'chai';
import { CLIENT_DEFAULTS, ConfigError, checkClientOptions, type ClientOptions, type OptionNames } from '../../../../src/index';
import { resolveClientOptions } from '../../../../src/infrastructure/config/ClientOptions';

const BASE: ClientOptions = { authServerUrl: 'https://auth.example', appId: 'orders', appSecret: 'secret' };

function problemsOf(options: Partial<Record<keyof ClientOptions, unknown>>): readonly string[] {
  try {
    resolveClientOptions({ ...BASE, ...options } as ClientOptions, 'test');
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  return [];
}

describe('client options: defaults, checks, one ConfigError naming every problem', () => {
  it('applies every default and derives the algorithms of the sign method', () => {
    const resolved = resolveClientOptions(BASE, 'test');
    expect(resolved).to.deep.equal({
      ...BASE,
      authContextPath: 'auth',
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
    expect(Object.isFrozen(resolved)).to.equal(true);
    expect(Object.isFrozen(resolved.passList)).to.equal(true);
    expect(CLIENT_DEFAULTS.passList).to.deep.equal(['/oauth/jwt/**']);
    expect(Object.isFrozen(CLIENT_DEFAULTS)).to.equal(true);
  });

  it('keeps given values, trims the context path’s slashes, reads Spring’s "?" in cron as "*", and an empty issuer as none', () => {
    const passList = ['/health', '/docs/**'];
    const resolved = resolveClientOptions(
      {
        ...BASE,
        authContextPath: '//sso/auth/',
        refreshCron: ' 0 0/5 * * * ? ',
        passList,
        fetchTimeoutMs: 60_000,
        clockToleranceSeconds: 0,
        issuer: 'https://auth.example/',
        signMethod: 'hmac',
        useJwks: false,
        unknownKidCooldownSeconds: 3600,
        maxStaleSeconds: 60,
        revocationMaxStaleSeconds: 1,
        verifiedTokenCacheSize: 0,
        maxTokenLifetimeSeconds: 1,
        allowInsecureHttp: true,
      },
      'test',
    );
    expect(resolved).to.include({
      authContextPath: 'sso/auth',
      refreshCron: '0 0/5 * * * *',
      fetchTimeoutMs: 60_000,
      clockToleranceSeconds: 0,
      issuer: 'https://auth.example/',
      signMethod: 'hmac',
      useJwks: false,
      unknownKidCooldownSeconds: 3600,
      maxStaleSeconds: 60,
      revocationMaxStaleSeconds: 1,
      verifiedTokenCacheSize: 0,
      maxTokenLifetimeSeconds: 1,
      allowInsecureHttp: true,
    });
    expect(resolved.algorithms).to.deep.equal(['HS256', 'HS384', 'HS512']);
    expect(resolved.passList).to.deep.equal(passList);
    expect(resolved.passList).to.not.equal(passList);
    expect(resolveClientOptions({ ...BASE, issuer: '' }, 'test').issuer).to.equal(undefined);
    expect(resolveClientOptions({ ...BASE, passList: [] }, 'test').passList).to.deep.equal([]);
  });

  it('reads an audience as a frozen list of its own (one string or a copied list), and takes acceptClientTokens as given', () => {
    const one = resolveClientOptions({ ...BASE, audience: 'https://orders.example', acceptClientTokens: true }, 'test');
    expect(one.audience).to.deep.equal(['https://orders.example']);
    expect(Object.isFrozen(one.audience)).to.equal(true);
    expect(one.acceptClientTokens).to.equal(true);
    const given = ['https://orders.example', 'orders'];
    const many = resolveClientOptions({ ...BASE, audience: given }, 'test');
    expect(many.audience).to.deep.equal(given);
    expect(many.audience).to.not.equal(given);
    expect(Object.isFrozen(many.audience)).to.equal(true);
  });

  it('refuses an empty audience, an empty list and a list holding anything but non-empty strings, naming the option', () => {
    const message = 'audience must be a non-empty string or a non-empty list of non-empty strings';
    for (const audience of ['', [], [''], ['https://orders.example', ''], ['ok', 7], 7, null, { aud: 'x' }]) {
      expect(problemsOf({ audience }), JSON.stringify(audience)).to.deep.equal([message]);
    }
    const names = { ...Object.fromEntries(Object.keys(BASE).map((key) => [key, key])), audience: 'AUTH_AUDIENCE' } as unknown as OptionNames;
    expect(checkClientOptions({ ...BASE, audience: [] }, names, 'test').problems).to.deep.equal([message.replace('audience', 'AUTH_AUDIENCE')]);
    expect(checkClientOptions({ ...BASE, audience: 7 as unknown as string }, names, 'test').resolved.audience).to.deep.equal([]);
  });

  it('accepts the bounds of every number and refuses one step beyond', () => {
    const bounds: [keyof ClientOptions, number, number, string][] = [
      ['fetchTimeoutMs', 1, 60_000, 'fetchTimeoutMs must be a whole number of milliseconds from 1 to 60000'],
      ['clockToleranceSeconds', 0, 300, 'clockToleranceSeconds must be a whole number from 0 to 300'],
      ['unknownKidCooldownSeconds', 1, 3600, 'unknownKidCooldownSeconds must be a whole number of seconds from 1 to 3600'],
      ['verifiedTokenCacheSize', 0, 1_000_000, 'verifiedTokenCacheSize must be a whole number from 0 to 1000000'],
    ];
    for (const [option, min, max, message] of bounds) {
      expect(problemsOf({ [option]: min }), `${option} ${min}`).to.deep.equal([]);
      expect(problemsOf({ [option]: max }), `${option} ${max}`).to.deep.equal([]);
      expect(problemsOf({ [option]: min - 1 }), `${option} ${min - 1}`).to.deep.equal([message]);
      expect(problemsOf({ [option]: max + 1 }), `${option} ${max + 1}`).to.deep.equal([message]);
      expect(problemsOf({ [option]: min + 0.5 }), `${option} fraction`).to.deep.equal([message]);
      expect(problemsOf({ [option]: String(min) }), `${option} text`).to.deep.equal([message]);
    }
    const atLeast: [keyof ClientOptions, number, string][] = [
      ['maxStaleSeconds', 60, 'maxStaleSeconds must be a whole number of seconds, at least 60'],
      ['revocationMaxStaleSeconds', 1, 'revocationMaxStaleSeconds must be a whole number of seconds, at least 1'],
      ['maxTokenLifetimeSeconds', 1, 'maxTokenLifetimeSeconds must be a whole number of seconds, at least 1'],
    ];
    for (const [option, min, message] of atLeast) {
      expect(problemsOf({ [option]: min }), `${option} ${min}`).to.deep.equal([]);
      expect(problemsOf({ [option]: Number.MAX_SAFE_INTEGER }), `${option} max`).to.deep.equal([]);
      expect(problemsOf({ [option]: min - 1 }), `${option} ${min - 1}`).to.deep.equal([message]);
      expect(problemsOf({ [option]: Number.MAX_SAFE_INTEGER + 2 }), `${option} unsafe`).to.deep.equal([message]);
    }
  });

  it('refuses an authServerUrl that is not an absolute http(s) URL with a host', () => {
    for (const url of ['ftp://auth.example', 'auth.example', '/auth', 'https://', 'https://auth example', ' https://auth.example', 42, undefined]) {
      expect(problemsOf({ authServerUrl: url }), String(url)).to.deep.equal(['authServerUrl must be an absolute http(s) URL']);
    }
    expect(problemsOf({ authServerUrl: 'http://127.0.0.1:8001/prefix' })).to.deep.equal([]);
  });

  it('checks the context path, credentials, pass list, issuer, sign method and booleans', () => {
    const cases: [Partial<Record<keyof ClientOptions, unknown>>, string][] = [
      [{ authContextPath: 'a b' }, 'authContextPath must be a path such as "auth"'],
      [{ authContextPath: '' }, 'authContextPath must be a path such as "auth"'],
      [{ authContextPath: 'a//b' }, 'authContextPath must be a path such as "auth"'],
      [{ appId: '' }, 'appId must be a string of 1 to 256 characters'],
      [{ appId: 'a'.repeat(257) }, 'appId must be a string of 1 to 256 characters'],
      [{ appSecret: 12345 }, 'appSecret must be a string of 1 to 256 characters'],
      [{ passList: '/health' }, 'passList must be a list of paths such as /oauth/jwt/**'],
      [{ passList: ['health'] }, 'passList must be a list of paths such as /oauth/jwt/**'],
      [{ passList: ['/a b'] }, 'passList must be a list of paths such as /oauth/jwt/**'],
      [{ passList: ['/ok', 7] }, 'passList must be a list of paths such as /oauth/jwt/**'],
      [{ issuer: 'not a url' }, 'issuer must be an absolute URL'],
      [{ signMethod: 'none' }, 'signMethod must be one of rsa, ecdsa, hmac'],
      [{ useJwks: 'yes' }, 'useJwks must be true or false'],
      [{ allowInsecureHttp: 1 }, 'allowInsecureHttp must be true or false'],
      [{ acceptClientTokens: 'true' }, 'acceptClientTokens must be true or false'],
    ];
    for (const [options, problem] of cases) expect(problemsOf(options), JSON.stringify(options)).to.deep.equal([problem]);
    expect(problemsOf({ appId: 'a'.repeat(256), authContextPath: 'a.b/c_d~e-f', passList: ['/a/{id}/*.json', '/'], issuer: 'http://auth.example:8443/x' })).to.deep.equal([]);
  });

  it('refuses a refresh schedule that is not cron, quoting it', () => {
    const problems = problemsOf({ refreshCron: 'every minute' });
    expect(problems).to.have.length(1);
    expect(problems[0]).to.match(/^refreshCron "every minute" is not a cron expression \(.+\)$/);
  });

  it('names every problem in one ConfigError, in declaration order, with the caller’s names', () => {
    const error = (() => {
      try {
        resolveClientOptions({ ...BASE, appId: '', fetchTimeoutMs: 0, useJwks: 'no' as never }, 'test');
      } catch (caught) {
        return caught as ConfigError;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error).to.include({ name: 'ConfigError', code: 'CONFIG_INVALID' });
    expect(error.problems).to.deep.equal([
      'appId must be a string of 1 to 256 characters',
      'fetchTimeoutMs must be a whole number of milliseconds from 1 to 60000',
      'useJwks must be true or false',
    ]);
    expect(error.message).to.equal(`Invalid configuration: ${error.problems.join('; ')}`);

    const names = new Proxy({}, { get: (_target, option) => `AUTH_${String(option).toUpperCase()}` }) as OptionNames;
    const { problems, resolved } = checkClientOptions({ ...BASE, appSecret: '', refreshCron: 'x', signMethod: 'x' as never }, names, 'test');
    expect(problems[0]).to.equal('AUTH_APPSECRET must be a string of 1 to 256 characters');
    expect(problems[1]).to.equal('AUTH_SIGNMETHOD must be one of rsa, ecdsa, hmac');
    expect(problems[2]).to.match(/^AUTH_REFRESHCRON "x" is not a cron expression/);
    expect(resolved.algorithms).to.deep.equal([]);
    expect(checkClientOptions({ ...BASE, passList: 'x' as never }, names, 'test').resolved.passList).to.deep.equal([]);
  });
});
