import { expect } from 'chai';
import { EnsureSignInFormKey } from '../../../../src/application/oauth/EnsureSignInFormKey';
import type { SecretGenerator } from '../../../../src/domain/ports/SecretGenerator';
import type { SignInFormKeyStore } from '../../../../src/domain/ports/SignInFormKeyStore';

/** The shared store's form key setting: the first key recorded wins. */
class InMemorySignInFormKeyStore implements SignInFormKeyStore {
  readonly offered: string[] = [];

  constructor(public recorded: string | null = null) {}

  async recordKeyIfAbsent(key: string): Promise<string> {
    this.offered.push(key);
    this.recorded ??= key;
    return this.recorded;
  }
}

/** `key-1`, `key-2`, … */
class CountingSecrets implements SecretGenerator {
  private count = 0;

  next(): string {
    this.count++;
    return `key-${this.count}`;
  }
}

describe('EnsureSignInFormKey', () => {
  it('records a fresh random key in a new store and uses it', async () => {
    const store = new InMemorySignInFormKeyStore();

    const key = await new EnsureSignInFormKey(store, new CountingSecrets()).execute();

    expect(key).to.equal('key-1');
    expect(store.recorded).to.equal('key-1');
  });

  it('uses the key already recorded (another instance or an earlier start): every instance signs alike', async () => {
    const store = new InMemorySignInFormKeyStore('recorded-key');
    const secrets = new CountingSecrets();

    const first = await new EnsureSignInFormKey(store, secrets).execute();
    const second = await new EnsureSignInFormKey(store, secrets).execute();

    expect([first, second]).to.deep.equal(['recorded-key', 'recorded-key']);
    expect(store.offered).to.deep.equal(['key-1', 'key-2']);
    expect(store.recorded).to.equal('recorded-key');
  });
});
