import type { ProofReplayCache } from '../../src/domain/ports/ProofReplayCache';

/** Remembers every key forever and records each call, so a test sees what was asked and when it expires. */
export class RecordingReplayCache implements ProofReplayCache {
  readonly calls: { key: string; expiresAt: number; now: number }[] = [];
  private readonly seen = new Set<string>();

  firstUse(key: string, expiresAt: number, now: number): boolean {
    this.calls.push({ key, expiresAt, now });
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}
