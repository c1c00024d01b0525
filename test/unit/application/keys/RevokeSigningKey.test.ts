import { expect } from 'chai';
import { KeyNotFoundError } from '../../../../src/domain/errors';
import { RevokeSigningKey } from '../../../../src/application/keys/RevokeSigningKey';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryKeyLifecycleStore } from '../../../support/InMemoryKeyLifecycleStore';
import { YieldingKeyPairGenerator } from '../../../support/YieldingKeyPairGenerator';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

const NOW = new Date('2026-03-01T12:00:00Z');

describe('RevokeSigningKey', () => {
  let store: InMemoryKeyLifecycleStore;
  let generator: YieldingKeyPairGenerator;
  let revoke: RevokeSigningKey;

  beforeEach(() => {
    store = new InMemoryKeyLifecycleStore();
    generator = new YieldingKeyPairGenerator();
    revoke = new RevokeSigningKey(store, generator, new FixedClock(NOW), new RecordingAuditTrail());
  });

  async function refusal(kid: string): Promise<unknown> {
    return revoke.execute({ kid }).then(
      () => expect.fail('expected a refusal'),
      (error: unknown) => error,
    );
  }

  it('reads every key with its secrets before anything else (proving it can decrypt them)', async () => {
    store.add('a', 'retiring');
    await revoke.execute({ kid: 'a' });
    expect(store.calls[0]).to.deep.equal({ op: 'listKeys', args: [undefined] });
  });

  it('unpublishes a retiring key without making a new one', async () => {
    store.add('a', 'active');
    store.add('b', 'retiring');

    const revoked = await revoke.execute({ kid: 'b' });

    expect(revoked).to.deep.include({ kid: 'b', state: 'revoked' });
    expect(store.calls.find((call) => call.op === 'revoke')?.args).to.deep.equal(['b', NOW, null]);
    expect(generator.calls).to.have.length(0);
    expect(store.stateOf('a')).to.equal('active');
  });

  it('lets the next key take over when the active key is revoked', async () => {
    store.add('a', 'active');
    store.add('n', 'next');

    await revoke.execute({ kid: 'a' });

    expect(generator.calls).to.have.length(0);
    expect(store.calls.find((call) => call.op === 'revoke')?.args).to.deep.equal(['a', NOW, null]);
    expect([store.stateOf('a'), store.stateOf('n')]).to.deep.equal(['revoked', 'active']);
  });

  it('makes an emergency key of the same method and alg when the active key has no successor', async () => {
    store.add('a', 'active', { method: 'ecdsa', alg: 'ES256' });
    store.add('other-next', 'next', { method: 'rsa', alg: 'RS256' });

    await revoke.execute({ kid: 'a' });

    expect(generator.calls).to.deep.equal([{ method: 'ecdsa', alg: 'ES256' }]);
    expect(store.calls.find((call) => call.op === 'revoke')?.args).to.deep.equal([
      'a',
      NOW,
      { kid: 'kid-1', privateKey: 'private-1', publicKey: 'public-1', method: 'ecdsa', alg: 'ES256', createdAt: NOW },
    ]);
    expect(store.stateOf('kid-1')).to.equal('active');
  });

  it('revokes a next key without an emergency key', async () => {
    store.add('a', 'active');
    store.add('n', 'next');

    expect(await revoke.execute({ kid: 'n' })).to.deep.include({ kid: 'n', state: 'revoked' });
    expect(generator.calls).to.have.length(0);
  });

  for (const state of ['retired', 'revoked'] as const) {
    it(`refuses a ${state} key with KeyNotFoundError, touching nothing`, async () => {
      store.add('gone', state);
      const error = await refusal('gone');
      expect(error).to.be.instanceOf(KeyNotFoundError);
      expect((error as Error).message).to.equal('no published key has kid gone');
      expect(store.calls.map((call) => call.op)).not.to.include('revoke');
    });
  }

  it('refuses an unknown kid', async () => {
    store.add('a', 'active');
    expect(await refusal('nope')).to.be.instanceOf(KeyNotFoundError);
    expect(generator.calls).to.have.length(0);
  });

  it('refuses when the store finds nothing to revoke (another instance revoked it first)', async () => {
    store.add('a', 'retiring');
    store.revoke = async () => null;
    const error = await refusal('a');
    expect(error).to.be.instanceOf(KeyNotFoundError);
    expect((error as Error).message).to.equal('no published key has kid a');
  });
});
