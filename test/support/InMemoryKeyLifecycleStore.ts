import type { SignMethod } from '@auth-service/client';
import type { KeySummary, ManagedSigningKey } from '../../src/domain/model/ManagedSigningKey';
import type { SigningKeyPair } from '../../src/domain/model/SigningKeyPair';
import type { KeyLifecycleStore } from '../../src/domain/ports/KeyLifecycleStore';

/**
 * The key lifecycle store in memory, with the SQL adapter's rules (one active and one next key per
 * method, transitions applied whole), for unit tests of the rotation use cases. It records the
 * arguments of each transition so a test can check what a use case asked for.
 */
export class InMemoryKeyLifecycleStore implements KeyLifecycleStore {
  keys: ManagedSigningKey[] = [];
  readonly calls: Array<{ op: string; args: unknown[] }> = [];

  /** A key as it would be in the store (defaults: rsa RS256, no lifecycle dates). */
  add(kid: string, state: ManagedSigningKey['state'], fields: Partial<ManagedSigningKey> = {}): ManagedSigningKey {
    const key: ManagedSigningKey = {
      kid,
      method: 'rsa',
      alg: 'RS256',
      privateKey: `private-${kid}`,
      publicKey: `public-${kid}`,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      state,
      activateAt: null,
      activatedAt: null,
      retireAt: null,
      retiredAt: null,
      ...fields,
    };
    this.keys.push(key);
    return key;
  }

  stateOf(kid: string): ManagedSigningKey['state'] | undefined {
    return this.keys.find((key) => key.kid === kid)?.state;
  }

  async listKeys(method?: SignMethod): Promise<ManagedSigningKey[]> {
    this.calls.push({ op: 'listKeys', args: [method] });
    return this.keys.filter((key) => method === undefined || key.method === method).map((key) => ({ ...key }));
  }

  async describeKeys(): Promise<KeySummary[]> {
    this.calls.push({ op: 'describeKeys', args: [] });
    return this.keys.map(({ privateKey: _private, publicKey: _public, ...summary }) => ({ ...summary }));
  }

  async insertNextIfAbsent(pair: SigningKeyPair, activateAt: Date): Promise<boolean> {
    this.calls.push({ op: 'insertNextIfAbsent', args: [pair, activateAt] });
    if (this.keys.some((key) => key.method === pair.method && key.state === 'next')) return false;
    this.keys.push({ ...pair, state: 'next', activateAt, activatedAt: null, retireAt: null, retiredAt: null });
    return true;
  }

  async promoteDueNextKey(method: SignMethod, now: Date, retireActiveAt: Date): Promise<boolean> {
    this.calls.push({ op: 'promoteDueNextKey', args: [method, now, retireActiveAt] });
    const next = this.keys.find((key) => key.method === method && key.state === 'next');
    if (!next || (next.activateAt !== null && next.activateAt.getTime() > now.getTime())) return false;
    this.replace(this.keys.find((key) => key.method === method && key.state === 'active'), { state: 'retiring', retireAt: retireActiveAt });
    this.replace(next, { state: 'active', activatedAt: now });
    return true;
  }

  async retireExpiredKeys(method: SignMethod, now: Date): Promise<number> {
    this.calls.push({ op: 'retireExpiredKeys', args: [method, now] });
    const due = this.keys.filter((key) => key.method === method && key.state === 'retiring' && key.retireAt !== null && key.retireAt.getTime() <= now.getTime());
    for (const key of due) this.replace(key, { state: 'retired', retiredAt: now });
    return due.length;
  }

  async revoke(kid: string, now: Date, emergency: SigningKeyPair | null): Promise<KeySummary | null> {
    this.calls.push({ op: 'revoke', args: [kid, now, emergency] });
    const target = this.keys.find((key) => key.kid === kid && ['next', 'active', 'retiring'].includes(key.state));
    if (!target) return null;
    this.replace(target, { state: 'revoked', retiredAt: now });
    if (target.state === 'active') {
      const next = this.keys.find((key) => key.method === target.method && key.state === 'next');
      if (next) this.replace(next, { state: 'active', activatedAt: now });
      else if (emergency) this.keys.push({ ...emergency, state: 'active', activateAt: null, activatedAt: now, retireAt: null, retiredAt: null });
    }
    const { privateKey: _private, publicKey: _public, ...summary } = this.keys.find((key) => key.kid === kid) as ManagedSigningKey;
    return summary;
  }

  private replace(key: ManagedSigningKey | undefined, fields: Partial<ManagedSigningKey>): void {
    if (!key) return;
    this.keys[this.keys.indexOf(key)] = { ...key, ...fields };
  }
}
