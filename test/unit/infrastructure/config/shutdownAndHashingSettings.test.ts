import { availableParallelism } from 'node:os';
import { expect } from 'chai';
import { loadAuthServerConfig } from '../../../../src/infrastructure/config/AuthServerConfig';

describe('AuthServerConfig: hashing, thread pool and shutdown settings', () => {
  it('defaults to hashing on all cores but one (1 to 4), a queue of 4, four more threads than hashes, and a 3 s grace period', () => {
    const config = loadAuthServerConfig({});
    expect(config.hashConcurrency).to.equal(Math.max(1, Math.min(4, availableParallelism() - 1)));
    expect(config.hashQueue).to.equal(4);
    expect(config.threadPoolSize).to.equal(config.hashConcurrency + 4);
    expect(config.shutdownGraceMs).to.equal(3000);
  });

  it('reads AUTH_HASH_CONCURRENCY, AUTH_HASH_QUEUE, UV_THREADPOOL_SIZE and AUTH_SHUTDOWN_GRACE_MS', () => {
    const config = loadAuthServerConfig({ AUTH_HASH_CONCURRENCY: '3', AUTH_HASH_QUEUE: '0', UV_THREADPOOL_SIZE: '16', AUTH_SHUTDOWN_GRACE_MS: '0' });
    expect([config.hashConcurrency, config.hashQueue, config.threadPoolSize, config.shutdownGraceMs]).to.deep.equal([3, 0, 16, 0]);
  });

  it('refuses a thread pool no larger than the hashing concurrency, and a grace period that leaves no time to stop', () => {
    expect(() => loadAuthServerConfig({ AUTH_HASH_CONCURRENCY: '4', UV_THREADPOOL_SIZE: '4' })).to.throw(/AUTH_HASH_CONCURRENCY must be below UV_THREADPOOL_SIZE/);
    expect(() => loadAuthServerConfig({ AUTH_SHUTDOWN_GRACE_MS: '6001' })).to.throw(/AUTH_SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 0 to 6000/);
  });

  it('leaves idle connections 5 s to the proxy after the listener closed, settable from 0 to 9000 ms (below the 10 s shutdown limit)', () => {
    expect(loadAuthServerConfig({}).shutdownIdleCloseMs).to.equal(5000);
    expect(loadAuthServerConfig({ AUTH_SHUTDOWN_IDLE_CLOSE_MS: '0' }).shutdownIdleCloseMs).to.equal(0);
    expect(() => loadAuthServerConfig({ AUTH_SHUTDOWN_IDLE_CLOSE_MS: '9001' })).to.throw(/AUTH_SHUTDOWN_IDLE_CLOSE_MS must be a whole number of milliseconds from 0 to 9000/);
  });
});
