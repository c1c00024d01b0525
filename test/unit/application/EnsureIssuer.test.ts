import { expect } from 'chai';
import { EnsureIssuer } from '../../../src/application/EnsureIssuer';
import { ServiceIssuer } from '../../../src/domain/model/ServiceIssuer';
import type { IssuerStore } from '../../../src/domain/ports/IssuerStore';

/** The shared store's issuer setting: the first issuer recorded wins. */
class InMemoryIssuerStore implements IssuerStore {
  readonly asked: string[] = [];

  constructor(public recorded: string | null = null) {}

  async recordIssuerIfAbsent(issuer: string): Promise<string> {
    this.asked.push(issuer);
    this.recorded ??= issuer;
    return this.recorded;
  }
}

describe('EnsureIssuer', () => {
  let issuer: ServiceIssuer;

  beforeEach(() => {
    issuer = new ServiceIssuer();
  });

  it('uses an explicit issuer as is and leaves the store alone, whatever it holds', async () => {
    const store = new InMemoryIssuerStore('https://recorded.example');

    const settled = await new EnsureIssuer(store, issuer).execute({ issuer: 'https://configured.example', explicit: true });

    expect(settled).to.deep.equal({ issuer: 'https://configured.example', unlike: null });
    expect(issuer.value).to.equal('https://configured.example');
    expect(store.asked).to.deep.equal([]);
    expect(store.recorded).to.equal('https://recorded.example');
  });

  it('records the derived issuer at the first start and uses it', async () => {
    const store = new InMemoryIssuerStore();

    const settled = await new EnsureIssuer(store, issuer).execute({ issuer: 'http://localhost:3000', explicit: false });

    expect(settled).to.deep.equal({ issuer: 'http://localhost:3000', unlike: null });
    expect(issuer.value).to.equal('http://localhost:3000');
    expect(store.recorded).to.equal('http://localhost:3000');
  });

  it('uses the issuer recorded at an earlier start over this instance\'s derived one, and names the one it differs from', async () => {
    const store = new InMemoryIssuerStore('http://localhost:3000');

    const settled = await new EnsureIssuer(store, issuer).execute({ issuer: 'http://localhost:4000', explicit: false });

    expect(settled).to.deep.equal({ issuer: 'http://localhost:3000', unlike: 'http://localhost:4000' });
    expect(issuer.value).to.equal('http://localhost:3000');
    expect(store.asked).to.deep.equal(['http://localhost:4000']);
    expect(store.recorded).to.equal('http://localhost:3000');
  });
});
