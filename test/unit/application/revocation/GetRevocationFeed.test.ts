import { expect } from 'chai';
import { ClientSecretGuard } from '../../../../src/application/clients/ClientSecretGuard';
import { ClientUnauthorizedError, TooManyKeyRequestsError } from '../../../../src/domain/errors';
import { GetRevocationFeed } from '../../../../src/application/revocation/GetRevocationFeed';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';

/** Half a second into the second: the store is asked with whole epoch seconds. */
const NOW = '2026-01-01T00:00:00.500Z';
const NOW_SECONDS = Math.floor(Date.parse(NOW) / 1000);
const ADDRESS = '203.0.113.7';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('GetRevocationFeed', () => {
  let store: InMemoryRevocationStore;
  let limiter: RecordingAttemptLimiter;

  beforeEach(async () => {
    store = new InMemoryRevocationStore();
    await store.revokeSubject('u1', NOW_SECONDS - 30, NOW_SECONDS + 3600);
    await store.revokeSubject('u-lapsed', NOW_SECONDS - 9000, NOW_SECONDS - 1);
    await store.revokeToken('j1', NOW_SECONDS + 60, NOW_SECONDS + 90);
    await store.revokeClient('webapp', NOW_SECONDS - 5, NOW_SECONDS + 3600);
    await store.revokeClient('gone', NOW_SECONDS - 9000, NOW_SECONDS - 1);
    store.calls.length = 0;
  });

  function feed(clients: ReadonlyArray<{ appId: string; appSecret: string }>, limit?: number): GetRevocationFeed {
    limiter = new RecordingAttemptLimiter(limit, 17);
    return new GetRevocationFeed(store, new ClientSecretGuard(new StaticClientRegistry(clients), limiter), new FixedClock(NOW));
  }

  it("answers the entries still in force at the clock's whole second, to anyone when no client is registered", async () => {
    const entries = await feed([]).execute({ appId: 'anyone', appSecret: 'anything', address: ADDRESS });

    expect(entries).to.deep.equal({
      subjects: [{ subject: 'u1', notBefore: NOW_SECONDS - 30 }],
      tokens: [{ jti: 'j1', expiresAt: NOW_SECONDS + 60 }],
      clients: [{ clientId: 'webapp', notBefore: NOW_SECONDS - 5 }],
      cursor: Date.parse(NOW),
      full: true,
    });
    expect(store.calls).to.deep.equal([['current', NOW_SECONDS]]);
    expect(limiter.events, 'no secret to guess, nothing counted').to.deep.equal([]);
  });

  it('answers clients: [] from a store that reports none (the field is always in the answer)', async () => {
    store.current = async () => ({ subjects: [], tokens: [] });

    expect(await feed([]).execute({ appId: 'anyone', appSecret: 'anything' })).to.deep.include({ subjects: [], tokens: [], clients: [] });
  });

  it('answers a registered client, giving its attempt back', async () => {
    const entries = await feed([{ appId: 'orders', appSecret: 's3cret' }]).execute({ appId: 'orders', appSecret: 's3cret', address: ADDRESS });

    expect(entries.subjects.map((entry) => entry.subject)).to.deep.equal(['u1']);
    expect(limiter.events).to.deep.equal([`reserve address:${ADDRESS} app:orders`, 'succeeded', `remember app:orders ${ADDRESS}`]);
    expect(limiter.count(`address:${ADDRESS}`)).to.equal(0);
  });

  it('refuses a wrong secret with ClientUnauthorizedError without reading the store, counting it against address and appId', async () => {
    const error = await rejection(feed([{ appId: 'orders', appSecret: 's3cret' }]).execute({ appId: 'orders', appSecret: 'guess', address: ADDRESS }));

    expect(error).to.be.instanceOf(ClientUnauthorizedError).with.property('code', 'CLIENT_UNAUTHORIZED');
    expect(store.calls).to.deep.equal([]);
    expect(limiter.count(`address:${ADDRESS}`)).to.equal(1);
    expect(limiter.count('app:orders')).to.equal(1);
  });

  it('refuses an address over its limit with TooManyKeyRequestsError, unchecked, without reading the store', async () => {
    const use = feed([{ appId: 'orders', appSecret: 's3cret' }], 1);
    await rejection(use.execute({ appId: 'orders', appSecret: 'guess', address: ADDRESS }));

    const error = await rejection(use.execute({ appId: 'orders', appSecret: 's3cret', address: ADDRESS }));

    expect(error).to.be.instanceOf(TooManyKeyRequestsError).with.property('retryAfterSeconds', 17);
    expect(store.calls).to.deep.equal([]);
  });

  it('with a recent cursor answers only what changed since it (less the overlap); with one older than an hour, the full list', async () => {
    const use = feed([]);
    store.calls.length = 0;

    const changes = await use.execute({ appId: 'a', appSecret: 'b', since: Date.parse(NOW) - 1000 });

    expect(changes.full).to.equal(false);
    expect(changes.clients).to.deep.equal([{ clientId: 'webapp', notBefore: NOW_SECONDS - 5 }]);
    expect(store.calls).to.deep.equal([['changedSince', Date.parse(NOW) - 1000 - 30_000, NOW_SECONDS]]);
    const old = await use.execute({ appId: 'a', appSecret: 'b', since: Date.parse(NOW) - 3_600_001 });
    expect(old.full).to.equal(true);
  });
});
