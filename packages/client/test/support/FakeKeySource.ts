import type { VerificationKey, VerificationKeySource } from '../../src/index';

/** Keys held in memory by kid, one of them answering tokens without kid; optionally a refusal or a refetch. */
export class FakeKeySource implements VerificationKeySource {
  private readonly byKid = new Map<string, VerificationKey>();
  private primary: VerificationKey | undefined;
  /** What keyRefused() answers (the key server's key did not fit the sign method). */
  refusal: string | null = null;
  /** Keys a refetch for an unknown kid would bring; null: this source cannot refetch. */
  onRefetch: VerificationKey[] | null = null;
  readonly refetchedFor: string[] = [];

  /** Holds `key` (also for tokens without kid) and returns it. */
  activate(key: VerificationKey): VerificationKey {
    this.byKid.set(key.kid, key);
    this.primary = key;
    return key;
  }

  clear(): void {
    this.byKid.clear();
    this.primary = undefined;
  }

  keyFor(kid: string | undefined): VerificationKey | undefined {
    return kid === undefined ? this.primary : this.byKid.get(kid);
  }

  hasAnyKey(): boolean {
    return this.byKid.size > 0;
  }

  keyRefused(): string | null {
    return this.refusal;
  }

  get refreshForUnknownKid(): ((kid: string) => Promise<boolean>) | undefined {
    const keys = this.onRefetch;
    if (keys === null) return undefined;
    return async (kid) => {
      this.refetchedFor.push(kid);
      for (const key of keys) this.byKid.set(key.kid, key);
      return this.byKid.has(kid);
    };
  }
}
