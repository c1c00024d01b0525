import { expect } from 'chai';
import type { OAuthClient } from '../../../../src/domain/model/OAuthClient';
import { CombinedClientRegistry } from '../../../../src/infrastructure/auth/CombinedClientRegistry';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { registeredClient } from '../../../support/oauthClients';

const WEBAPP = registeredClient({ id: 'webapp', kind: 'confidential', redirectUris: ['https://webapp.example/cb'] });

/** A store that answers from a table, or fails while `down`. */
class FlakyStore {
  down = false;
  lookups = 0;
  confidential = new Map<string, { client: OAuthClient; secret: string }>();

  async hasConfidential(): Promise<boolean> {
    if (this.down) throw new Error('store unreachable');
    return this.confidential.size > 0;
  }

  async findConfidential(id: string, secret: string): Promise<OAuthClient | null> {
    if (this.down) throw new Error('store unreachable');
    this.lookups++;
    const entry = this.confidential.get(id);
    return entry?.secret === secret ? entry.client : null;
  }
}

describe('CombinedClientRegistry (AUTH_CLIENTS, then the stored confidential clients)', () => {
  it('authenticates a configured client without asking the store, and a stored one through it, with its registration', async () => {
    const store = new FlakyStore();
    store.confidential.set('webapp', { client: WEBAPP, secret: 'stored-secret' });
    const registry = new CombinedClientRegistry(new StaticClientRegistry([{ appId: 'svc', appSecret: 'static' }]), store);
    store.down = true;
    expect(await registry.verify('svc', 'static')).to.deep.equal({ registration: null });
    expect(await registry.isEmpty()).to.equal(false);
    store.down = false;
    expect(await registry.verify('webapp', 'stored-secret')).to.deep.equal({ registration: WEBAPP });
    expect(store.lookups, 'one store query').to.equal(1);
    expect(await registry.verify('webapp', 'wrong')).to.equal(null);
    expect(await registry.verify('svc', 'stored-secret')).to.equal(null);
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
    expect(await registry.verify('webapp', 'stored-secret'), 'empty: verifies nothing').to.equal(null);
    store.confidential.set('webapp', { client: WEBAPP, secret: 's' });
    expect(await registry.isEmpty()).to.equal(false);
    store.down = true;
    expect(await registry.isEmpty()).to.equal(false);
  });
});
