import { createHash } from 'node:crypto';
import type { ProofReplayCache } from '../../domain/ports/ProofReplayCache';

/** How many proofs each process remembers by default: 100,000 at about 100 bytes each. */
export const DEFAULT_PROOF_REPLAY_CACHE_SIZE = 100_000;

/**
 * The proofs this process has seen, each until its expiry, at most `maxEntries` of them. Keys are kept as
 * 32-byte SHA-256 digests, so a long `jti` costs no more memory than a short one. When full, the oldest entry
 * goes first: it is the nearest to its expiry, after which its proof is refused anyway. Expired entries are
 * dropped from the front on every insertion.
 */
export class InMemoryProofReplayCache implements ProofReplayCache {
  private readonly entries = new Map<string, number>();

  constructor(private readonly maxEntries = DEFAULT_PROOF_REPLAY_CACHE_SIZE) {}

  firstUse(key: string, expiresAt: number, now: number): boolean {
    const digest = createHash('sha256').update(key).digest('binary');
    const known = this.entries.get(digest);
    // Stryker disable next-line ConditionalExpression: equivalent, undefined >= now is false
    if (known !== undefined && known >= now) return false;
    this.entries.delete(digest);
    for (const [oldest, expiry] of this.entries) {
      if (expiry >= now && this.entries.size < this.maxEntries) break;
      this.entries.delete(oldest);
    }
    this.entries.set(digest, expiresAt);
    return true;
  }

  /** How many proofs are remembered now (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }
}
