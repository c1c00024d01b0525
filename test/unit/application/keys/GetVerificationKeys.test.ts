import { expect } from 'chai';
import { ClientSecretGuard } from '../../../../src/application/clients/ClientSecretGuard';
import { ClientUnauthorizedError, KeyDistributionForbiddenError, TooManyKeyRequestsError } from '../../../../src/domain/errors';
import { GetVerificationKeys } from '../../../../src/application/keys/GetVerificationKeys';
import { KeyRing, verificationKeyOf } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';

function pair(kid: string, method: SigningKeyPair['method'] = 'hmac', alg = 'HS256'): SigningKeyPair {
  return { kid, method, alg, privateKey: `secret-${kid}`, publicKey: `secret-${kid}`, createdAt: new Date('2026-01-01T00:00:00Z') };
}

describe('GetVerificationKeys', () => {
  const clients = new StaticClientRegistry([{ appId: 'orders', appSecret: 's3cret' }]);

  it('lists every published key by kid, the active one first, to a registered client', async () => {
    const ring = new KeyRing();
    ring.activate(pair('active'), [verificationKeyOf(pair('retiring')), verificationKeyOf(pair('next'))]);
    const limiter = new RecordingAttemptLimiter();
    const keys = await new GetVerificationKeys(ring, new ClientSecretGuard(clients, limiter)).execute({ appId: 'orders', appSecret: 's3cret', address: '203.0.113.7' });
    expect(keys.map((key) => key.kid)[0]).to.equal('active');
    expect(keys).to.have.deep.members([
      { kid: 'active', alg: 'HS256', key: 'secret-active' },
      { kid: 'retiring', alg: 'HS256', key: 'secret-retiring' },
      { kid: 'next', alg: 'HS256', key: 'secret-next' },
    ]);
    expect(limiter.events).to.deep.equal(['reserve address:203.0.113.7 app:orders', 'succeeded', 'remember app:orders 203.0.113.7']);
  });

  it('keeps the active key first whatever order the ring holds the others in', async () => {
    const ring = new KeyRing();
    ring.activate(pair('z-active'), [verificationKeyOf(pair('a-other'))]);
    const keys = await new GetVerificationKeys(ring, new ClientSecretGuard(clients, new RecordingAttemptLimiter())).execute({ appId: 'orders', appSecret: 's3cret' });
    expect(keys.map((key) => key.kid)).to.deep.equal(['z-active', 'a-other']);
  });

  it('refuses hmac secrets when no client is registered, and wrong credentials when clients are', async () => {
    const ring = new KeyRing();
    ring.activate(pair('active'));
    const open = new GetVerificationKeys(ring, new ClientSecretGuard(new StaticClientRegistry([]), new RecordingAttemptLimiter()));
    await open.execute({ appId: 'a', appSecret: 'b' }).then(() => expect.fail('expected a refusal'), (error: unknown) => expect(error).to.be.instanceOf(KeyDistributionForbiddenError));
    const guarded = new GetVerificationKeys(ring, new ClientSecretGuard(clients, new RecordingAttemptLimiter(1, 5)));
    await guarded.execute({ appId: 'orders', appSecret: 'guess', address: 'x' }).then(() => expect.fail('expected a refusal'), (error: unknown) => expect(error).to.be.instanceOf(ClientUnauthorizedError));
    await guarded.execute({ appId: 'orders', appSecret: 's3cret', address: 'x' }).then(() => expect.fail('expected a refusal'), (error: unknown) => expect(error).to.be.instanceOf(TooManyKeyRequestsError));
  });

  it('hands public keys to anyone when no client is registered (rsa, ecdsa)', async () => {
    const ring = new KeyRing();
    ring.activate({ ...pair('rsa-key', 'rsa', 'RS256') });
    const keys = await new GetVerificationKeys(ring, new ClientSecretGuard(new StaticClientRegistry([]), new RecordingAttemptLimiter())).execute({ appId: '', appSecret: '' });
    expect(keys).to.have.length(1);
    expect(keys[0]).to.include({ kid: 'rsa-key', key: 'secret-rsa-key' });
  });
});
