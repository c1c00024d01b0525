import { expect } from 'chai';
import { loadAuthServerConfig } from '../../../../src/infrastructure/config/AuthServerConfig';
import { ConfigError } from '@auth-service/client';

function problemsOf(env: Record<string, string>): string {
  try {
    loadAuthServerConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('AuthServerConfig: workers and database connect time', () => {
  it('defaults to one worker and 30 seconds of connect retries', () => {
    const config = loadAuthServerConfig({});
    expect(config.workers).to.equal(1);
    expect(config.databaseConnectSeconds).to.equal(30);
  });

  it('reads AUTH_WORKERS and AUTH_DATABASE_CONNECT_SECONDS', () => {
    const config = loadAuthServerConfig({ AUTH_WORKERS: '4', AUTH_DATABASE_CONNECT_SECONDS: '0', AUTH_DATABASE_URL: 'postgres://db/auth' });
    expect(config.workers).to.equal(4);
    expect(config.databaseConnectSeconds).to.equal(0);
  });

  it('rejects a worker count that is not a whole number from 1 to 64, naming it once', () => {
    for (const value of ['0', '65', 'two', '1.5']) {
      const message = problemsOf({ AUTH_WORKERS: value });
      expect(message.split('AUTH_WORKERS must be a whole number from 1 to 64')).to.have.length(2, value);
    }
  });

  it('rejects a negative or non-numeric connect time', () => {
    expect(problemsOf({ AUTH_DATABASE_CONNECT_SECONDS: '-1' })).to.include('AUTH_DATABASE_CONNECT_SECONDS must be a whole number of seconds from 0 to 3600');
    expect(problemsOf({ AUTH_DATABASE_CONNECT_SECONDS: 'soon' })).to.include('AUTH_DATABASE_CONNECT_SECONDS');
  });

  it('rejects several workers on a private in-memory database, which each worker would see empty', () => {
    expect(problemsOf({ AUTH_WORKERS: '2', AUTH_DATABASE_URL: 'sqlite::memory:' })).to.include(
      'AUTH_WORKERS above 1 needs a shared AUTH_DATABASE_URL (a file or PostgreSQL), not sqlite::memory:',
    );
  });
});
