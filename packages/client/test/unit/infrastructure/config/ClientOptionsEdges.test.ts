import { expect } from 'chai';
import { ConfigError, type ClientOptions } from '../../../../src/index';
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

describe('client options at their edges', () => {
  it('takes a one-character appId and refuses a list in its place', () => {
    expect(problemsOf({ appId: 'a', appSecret: 's' })).to.deep.equal([]);
    expect(problemsOf({ appId: ['x'] })).to.deep.equal(['appId must be a string of 1 to 256 characters']);
  });

  it('refuses URLs with blanks anywhere, and an issuer without a host', () => {
    expect(problemsOf({ authServerUrl: 'https://auth.example/a b' })).to.deep.equal(['authServerUrl must be an absolute http(s) URL']);
    expect(problemsOf({ issuer: 'urn:example:issuer' })).to.deep.equal(['issuer must be an absolute URL']);
    expect(problemsOf({ issuer: 'https://auth.example/x y' })).to.deep.equal(['issuer must be an absolute URL']);
  });

  it('trims every slash around the context path', () => {
    expect(resolveClientOptions({ ...BASE, authContextPath: 'sso/auth//' }, 'test').authContextPath).to.equal('sso/auth');
  });

  it('takes plain http in production to any loopback address of 127.0.0.0/8, however many digits each part has', () => {
    for (const host of ['127.0.0.1', '127.10.100.1', '127.255.255.254', '127.1.22.3']) {
      expect(() => resolveClientOptions({ ...BASE, authServerUrl: `http://${host}:8001` }, 'production'), host).to.not.throw();
    }
    expect(() => resolveClientOptions({ ...BASE, authServerUrl: 'http://128.0.0.1:8001' }, 'production')).to.throw(ConfigError);
  });
});

describe('client options that are not text where text is due', () => {
  it('names authContextPath and refreshCron in the one ConfigError instead of failing with a TypeError', () => {
    expect(problemsOf({ authContextPath: 42 })).to.deep.equal(['authContextPath must be a path such as "auth"']);
    expect(problemsOf({ refreshCron: ['0 * * * * *'] })).to.deep.equal(['refreshCron must be a cron expression (a string)']);
  });
});
