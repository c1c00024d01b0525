import { expect } from 'chai';
import { resolveClientOptions } from '../../../../src/infrastructure/config/ClientOptions';
import { ConfigError } from '../../../../src/infrastructure/config/ConfigError';

describe('resolveClientOptions', () => {
  it('fills defaults for a service that gives only the URL and credentials', () => {
    const options = resolveClientOptions({ authServerUrl: 'http://auth:8001', appId: 'orders', appSecret: 'x' });
    expect(options).to.deep.include({ authContextPath: 'auth', refreshCron: '0 */1 * * * *', fetchTimeoutMs: 5000, clockToleranceSeconds: 30, signMethod: 'rsa' });
    expect(options.passList).to.deep.equal(['/oauth/jwt/**']);
  });

  it('names the bad options themselves', () => {
    expect(() => resolveClientOptions({ authServerUrl: 'ftp://x', appId: '', appSecret: 'x', passList: ['nope'], fetchTimeoutMs: 1.5 }))
      .to.throw(ConfigError)
      .with.property('problems')
      .that.deep.equals([
        'authServerUrl must be an absolute http(s) URL',
        'appId must be a string of 1 to 256 characters',
        'passList must be a list of paths such as /oauth/jwt/**',
        'fetchTimeoutMs must be a whole number of milliseconds from 1 to 60000',
      ]);
  });
});
