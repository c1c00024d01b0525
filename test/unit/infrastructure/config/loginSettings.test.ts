import { expect } from 'chai';
import { loadAuthServerConfig } from '../../../../src/infrastructure/config/AuthServerConfig';
import { authConfigProblems } from '../../../support/configProblems';

describe('auth server config: user store, login limits, trust proxy', () => {
  it('defaults to the stub store, 10 attempts per 60 seconds and no trusted proxy', () => {
    const config = loadAuthServerConfig({});

    expect(config).to.include({ userStore: 'stub', loginMaxAttempts: 10, loginWindowSeconds: 60, trustProxy: false });
  });

  it('reads the database store and the limits', () => {
    const config = loadAuthServerConfig({ AUTH_USER_STORE: 'Database', AUTH_LOGIN_MAX_ATTEMPTS: '5', AUTH_LOGIN_WINDOW_SECONDS: '300' });

    expect(config).to.include({ userStore: 'database', loginMaxAttempts: 5, loginWindowSeconds: 300 });
  });

  it('reads trust proxy as false, a hop count or a list of addresses and subnets', () => {
    const trust = (value: string) => loadAuthServerConfig({ AUTH_TRUST_PROXY: value }).trustProxy;

    expect(trust('false')).to.equal(false);
    expect(trust('0')).to.equal(false);
    expect(trust('2')).to.equal(2);
    expect(trust('loopback, 10.0.0.0/8, fd00::/8, 192.0.2.1')).to.deep.equal(['loopback', '10.0.0.0/8', 'fd00::/8', '192.0.2.1']);
  });

  it('reports every bad value together', () => {
    const problems = authConfigProblems({
      AUTH_USER_STORE: 'ldap',
      AUTH_LOGIN_MAX_ATTEMPTS: '0',
      AUTH_LOGIN_WINDOW_SECONDS: 'soon',
      AUTH_TRUST_PROXY: 'true',
    });

    // class-validator repeats a message for each failed constraint of one variable.
    expect(new Set(problems).size).to.equal(4);
    expect(problems.join('\n')).to.include('AUTH_USER_STORE').and.include('AUTH_LOGIN_MAX_ATTEMPTS').and.include('AUTH_LOGIN_WINDOW_SECONDS').and.include('AUTH_TRUST_PROXY=true');
  });

  it('refuses trust proxy lists with something that is not an address or subnet', () => {
    for (const value of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/1', '11']) {
      expect(authConfigProblems({ AUTH_TRUST_PROXY: value }), value).to.have.length(1).and.satisfy((found: string[]) => found[0].startsWith('AUTH_TRUST_PROXY'));
    }
  });
});
