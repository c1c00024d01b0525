import { expect } from 'chai';
import { ClientSecretGuard } from '../../../../src/application/clients/ClientSecretGuard';
import type { RevocationEntries } from '@auth-service/client';
import { GetRevocationFeed } from '../../../../src/application/revocation/GetRevocationFeed';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';

/** A store from before client revocations: its entries carry no `clients` list at all. */
class StoreWithoutClientEntries extends InMemoryRevocationStore {
  override async current(now: number): Promise<RevocationEntries> {
    const { subjects, tokens } = await super.current(now);
    return { subjects, tokens };
  }
}

describe('GetRevocationFeed: the clients list is always there', () => {
  it('answers an empty clients list when the store has none to tell', async () => {
    const feed = new GetRevocationFeed(new StoreWithoutClientEntries(), new ClientSecretGuard(new StaticClientRegistry([]), new RecordingAttemptLimiter()), new FixedClock());
    const answer = await feed.execute({ appId: '', appSecret: '' });
    expect(answer.clients).to.deep.equal([]);
    expect(answer).to.include({ full: true });
  });
});
