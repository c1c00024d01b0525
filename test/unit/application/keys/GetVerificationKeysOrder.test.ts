import { expect } from 'chai';
import { ClientSecretGuard } from '../../../../src/application/clients/ClientSecretGuard';
import { GetVerificationKeys } from '../../../../src/application/keys/GetVerificationKeys';
import { KeyRing, verificationKeyOf } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';

function pair(kid: string): SigningKeyPair {
  return { kid, method: 'rsa', alg: 'RS256', privateKey: `private-${kid}`, publicKey: `public-${kid}`, createdAt: new Date('2026-01-01T00:00:00Z') };
}

describe('GetVerificationKeys: order of the list', () => {
  it('puts the active key first and keeps the others in the order the ring publishes them', async () => {
    const ring = new KeyRing();
    ring.activate(pair('active'), ['next', 'retiring-1', 'retiring-2'].map((kid) => verificationKeyOf(pair(kid))));
    const keys = await new GetVerificationKeys(ring, new ClientSecretGuard(new StaticClientRegistry([]), new RecordingAttemptLimiter())).execute({ appId: '', appSecret: '' });
    expect(keys.map((key) => key.kid)).to.deep.equal(['active', 'next', 'retiring-1', 'retiring-2']);
    expect(keys[0]).to.deep.equal({ kid: 'active', alg: 'RS256', key: 'public-active' });
  });
});
