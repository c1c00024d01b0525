import type { DpopProofReplays } from '../../src/domain/ports/DpopProofReplays';

/** The replay table in memory: what each instance of a test shares when it shares this object. */
export class InMemoryDpopProofReplays implements DpopProofReplays {
  readonly seen = new Map<string, number>();

  async firstUse(jkt: string, jti: string, keepUntil: number): Promise<boolean> {
    const key = `${jkt} ${jti}`;
    if (this.seen.has(key)) return false;
    this.seen.set(key, keepUntil);
    return true;
  }
}
