import { expect } from 'chai';
import { RegenerateRecoveryCodes } from '../../../../src/application/account/RegenerateRecoveryCodes';
import { RemoveSecondFactor } from '../../../../src/application/account/RemoveSecondFactor';
import { NoSecondFactorError, SecondFactorNotFoundError } from '../../../../src/domain/accountErrors';
import { accountSessionOf } from '../../../support/accountSessionOf';
import { InMemorySecondFactorStore } from '../../../support/InMemorySecondFactorStore';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { rejection } from '../../../support/rejection';

describe('RemoveSecondFactor and RegenerateRecoveryCodes', () => {
  const session = accountSessionOf('alice');
  const userId = session.user.id;
  let store: InMemorySecondFactorStore;
  let trail: RecordingAuditTrail;

  beforeEach(() => {
    store = new InMemorySecondFactorStore();
    trail = new RecordingAuditTrail();
    store.enrolTotp(userId, 'SECRET');
    store.others.push({ id: 'pk-1', userId, kind: 'passkey', label: 'Laptop', createdAt: new Date('2026-01-02T00:00:00Z') });
    store.others.push({ id: 'pk-bob', userId: 'u-bob', kind: 'passkey', label: 'Bob', createdAt: new Date('2026-01-02T00:00:00Z') });
    store.recovery.set(userId, new Set(['AAAAAAAAAA']));
  });

  it('removes one of the user\'s factors, keeps the recovery codes while a factor is left, and records it', async () => {
    await new RemoveSecondFactor(store, trail).execute({ session, factorId: 'pk-1' });
    expect((await store.listOf(userId)).map((factor) => factor.id)).to.deep.equal([`totp-${userId}`]);
    expect(await store.recoveryCodesLeft(userId)).to.equal(1);
    expect(trail.events).to.deep.equal([{ type: 'user.changed', outcome: 'success', account: 'alice', details: { subject: userId, secondFactor: 'removed', factor: 'pk-1' } }]);
  });

  it('removes the recovery codes with the last factor', async () => {
    const remove = new RemoveSecondFactor(store, trail);
    await remove.execute({ session, factorId: 'pk-1' });
    await remove.execute({ session, factorId: `totp-${userId}` });
    expect(await store.listOf(userId)).to.deep.equal([]);
    expect(await store.recoveryCodesLeft(userId)).to.equal(0);
  });

  it('refuses a factor of another user or none at all, removing nothing', async () => {
    for (const factorId of ['pk-bob', 'nope']) {
      const error = await rejection(new RemoveSecondFactor(store, trail).execute({ session, factorId }));
      expect(error, factorId).to.be.instanceOf(SecondFactorNotFoundError);
      expect(error).to.include({ code: 'SECOND_FACTOR_NOT_FOUND', message: 'no such factor of the user' });
    }
    expect((await store.listOf('u-bob')).map((factor) => factor.id)).to.deep.equal(['pk-bob']);
    expect(trail.events).to.deep.equal([]);
  });

  it('regenerates recovery codes for a user holding a factor', async () => {
    const codes = ['BBBBB-BBBBB'];
    const regenerate = new RegenerateRecoveryCodes(store, { execute: async ({ user }) => (user.id === userId ? codes : []) });
    expect(await regenerate.execute({ session })).to.equal(codes);
  });

  it('refuses recovery codes to a user holding no factor', async () => {
    await store.removeAll(userId);
    let generated = false;
    const regenerate = new RegenerateRecoveryCodes(store, {
      execute: async () => {
        generated = true;
        return [];
      },
    });
    const error = await rejection(regenerate.execute({ session }));
    expect(error).to.be.instanceOf(NoSecondFactorError);
    expect(error).to.include({ code: 'NO_SECOND_FACTOR', message: 'recovery codes stand in for a factor; the user holds none' });
    expect(generated).to.equal(false);
  });
});
