import { expect } from 'chai';
import { ListSigningKeys } from '../../../../src/application/keys/ListSigningKeys';
import { InMemoryKeyLifecycleStore } from '../../../support/InMemoryKeyLifecycleStore';

describe('ListSigningKeys', () => {
  it("answers every key's summary, oldest first, without key material", async () => {
    const store = new InMemoryKeyLifecycleStore();
    store.add('k1', 'retired');
    store.add('k2', 'active');
    const keys = await new ListSigningKeys(store).execute();
    expect(keys.map((key) => [key.kid, key.state])).to.deep.equal([
      ['k1', 'retired'],
      ['k2', 'active'],
    ]);
    expect(JSON.stringify(keys)).to.not.include('private-');
  });
});
