import { expect } from 'chai';
import { ClientSecretGuard } from '../../../../src/application/clients/ClientSecretGuard';
import { GetPublicKey } from '../../../../src/application/keys/GetPublicKey';
import { ClientUnauthorizedError, KeyDistributionForbiddenError, TooManyKeyRequestsError } from '../../../../src/domain/errors';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SignMethod } from '@auth-service/client';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';

function ringWith(method: SignMethod, alg: string): KeyRing {
  const ring = new KeyRing();
  ring.activate({ kid: 'k', method, alg, privateKey: `${method}-private`, publicKey: `${method}-public`, createdAt: new Date(0) });
  return ring;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

const NO_CLIENTS = new StaticClientRegistry([]);
const CLIENTS = new StaticClientRegistry([
  { appId: 'orders', appSecret: 's3cret' },
  { appId: 'billing', appSecret: 'other' },
]);

describe('GetPublicKey', () => {
  for (const [method, alg] of [
    ['rsa', 'RS256'],
    ['ecdsa', 'ES256'],
  ] as const) {
    it(`${method}: with no registered clients any credentials get the public key`, async () => {
      const use = new GetPublicKey(ringWith(method, alg), new ClientSecretGuard(NO_CLIENTS, new RecordingAttemptLimiter()));
      expect(await use.execute({ appId: 'anything', appSecret: 'whatever' })).to.equal(`${method}-public`);
      expect(await use.execute({ appId: 'orders', appSecret: 's3cret' })).to.equal(`${method}-public`);
    });

    it(`${method}: with registered clients only a registered pair gets the key`, async () => {
      const use = new GetPublicKey(ringWith(method, alg), new ClientSecretGuard(CLIENTS, new RecordingAttemptLimiter()));
      expect(await use.execute({ appId: 'orders', appSecret: 's3cret' })).to.equal(`${method}-public`);
      expect(await use.execute({ appId: 'billing', appSecret: 'other' })).to.equal(`${method}-public`);
      expect(await rejection(use.execute({ appId: 'orders', appSecret: 'wrong' }))).to.be.instanceOf(ClientUnauthorizedError);
      expect(await rejection(use.execute({ appId: 'orders', appSecret: 'other' }))).to.be.instanceOf(ClientUnauthorizedError);
      expect(await rejection(use.execute({ appId: 'nobody', appSecret: 's3cret' }))).to.be.instanceOf(ClientUnauthorizedError);
    });
  }

  it('hmac: with no registered clients the secret goes to nobody', async () => {
    const use = new GetPublicKey(ringWith('hmac', 'HS256'), new ClientSecretGuard(NO_CLIENTS, new RecordingAttemptLimiter()));
    expect(await rejection(use.execute({ appId: 'anything', appSecret: 'whatever' })))
      .to.be.instanceOf(KeyDistributionForbiddenError)
      .with.property('code', 'KEY_DISTRIBUTION_FORBIDDEN');
  });

  it('hmac: a registered client gets the secret, anyone else is unauthorized', async () => {
    const use = new GetPublicKey(ringWith('hmac', 'HS256'), new ClientSecretGuard(CLIENTS, new RecordingAttemptLimiter()));
    expect(await use.execute({ appId: 'orders', appSecret: 's3cret' })).to.equal('hmac-public');
    expect(await rejection(use.execute({ appId: 'orders', appSecret: 'nope' })))
      .to.be.instanceOf(ClientUnauthorizedError)
      .with.property('code', 'CLIENT_UNAUTHORIZED');
  });

  it('fails with KeyUnavailableError while no key is loaded', async () => {
    const use = new GetPublicKey(new KeyRing(), new ClientSecretGuard(NO_CLIENTS, new RecordingAttemptLimiter()));
    expect(await rejection(use.execute({ appId: 'a', appSecret: 'b' }))).to.have.property('code', 'KEY_UNAVAILABLE');
  });

  describe('secret guessing', () => {
    it('counts a check against the address and the appId before it runs, gives it back for the right secret and remembers the address', async () => {
      const limiter = new RecordingAttemptLimiter(2);
      const use = new GetPublicKey(ringWith('rsa', 'RS256'), new ClientSecretGuard(CLIENTS, limiter));

      await use.execute({ appId: 'orders', appSecret: 's3cret', address: '192.0.2.1' });
      await rejection(use.execute({ appId: 'orders', appSecret: 'wrong', address: '192.0.2.1' }));

      expect(limiter.events).to.deep.equal([
        'reserve address:192.0.2.1 app:orders',
        'succeeded',
        'remember app:orders 192.0.2.1',
        // The address is now known for this client: its attempts spend its own allowance.
        'reserve known:app:orders@192.0.2.1',
        'failed',
      ]);
      expect(limiter.count('known:app:orders@192.0.2.1')).to.equal(1);
      expect(limiter.count('app:orders')).to.equal(0);
    });

    it('refuses an address over its limit, right secret or not, without checking', async () => {
      const limiter = new RecordingAttemptLimiter(1, 9);
      const use = new GetPublicKey(ringWith('rsa', 'RS256'), new ClientSecretGuard(CLIENTS, limiter));
      await rejection(use.execute({ appId: 'orders', appSecret: 'wrong', address: '192.0.2.1' }));

      const error = await rejection(use.execute({ appId: 'orders', appSecret: 's3cret', address: '192.0.2.1' }));

      expect(error).to.be.instanceOf(TooManyKeyRequestsError).with.property('retryAfterSeconds', 9);
    });

    it('refuses every secret for an appId over its limit, right or wrong (no oracle), except from an address that recently succeeded', async () => {
      const limiter = new RecordingAttemptLimiter(1);
      const use = new GetPublicKey(ringWith('rsa', 'RS256'), new ClientSecretGuard(CLIENTS, limiter));
      expect(await use.execute({ appId: 'orders', appSecret: 's3cret', address: '192.0.2.3' })).to.equal('rsa-public');
      expect(await rejection(use.execute({ appId: 'orders', appSecret: 'a', address: '192.0.2.1' }))).to.be.instanceOf(ClientUnauthorizedError);

      expect(await rejection(use.execute({ appId: 'orders', appSecret: 'b', address: '192.0.2.2' }))).to.be.instanceOf(TooManyKeyRequestsError);
      expect(await rejection(use.execute({ appId: 'orders', appSecret: 's3cret', address: '192.0.2.4' }))).to.be.instanceOf(TooManyKeyRequestsError);
      expect(await use.execute({ appId: 'orders', appSecret: 's3cret', address: '192.0.2.3' })).to.equal('rsa-public');
    });
  });
});
