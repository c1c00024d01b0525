import { expect } from 'chai';
import { CombinedClientRegistry } from '../../../../src/infrastructure/auth/CombinedClientRegistry';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';

/** A store that answers from a table, or fails while `down`. */
class FlakyStore {
  down = false;
  confidential = new Map<string, string>();

  async hasConfidential(): Promise<boolean> {
    if (this.down) throw new Error('store unreachable');
    return this.confidential.size > 0;
  }

  async verifySecret(id: string, secret: string): Promise<boolean> {
    if (this.down) throw new Error('store unreachable');
    return this.confidential.get(id) === secret;
  }
}

describe('CombinedClientRegistry (AUTH_CLIENTS, then the stored confidential clients)', () => {
  it('authenticates a configured client without asking the store, and a stored one through it', async () => {
    const store = new FlakyStore();
    store.confidential.set('webapp', 'stored-secret');
    const registry = new CombinedClientRegistry(new StaticClientRegistry([{ appId: 'svc', appSecret: 'static' }]), store);
    store.down = true;
    expect(await registry.verify('svc', 'static')).to.equal(true);
    expect(await registry.isEmpty()).to.equal(false);
    store.down = false;
    expect(await registry.verify('webapp', 'stored-secret')).to.equal(true);
    expect(await registry.verify('webapp', 'wrong')).to.equal(false);
    expect(await registry.verify('svc', 'stored-secret')).to.equal(false);
  });

  it('is empty only with neither; while the store is away it keeps its last answer, and without one it fails', async () => {
    const store = new FlakyStore();
    const registry = new CombinedClientRegistry(new StaticClientRegistry([]), store);
    store.down = true;
    let failure: unknown = null;
    await registry.isEmpty().catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(Error);
    store.down = false;
    expect(await registry.isEmpty()).to.equal(true);
    store.confidential.set('webapp', 's');
    expect(await registry.isEmpty()).to.equal(false);
    store.down = true;
    expect(await registry.isEmpty()).to.equal(false);
  });
});
