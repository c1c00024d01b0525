/**
 * Which token digests were seen once, in a fixed table of 32-bit fingerprints
 * (about four bytes a slot, allocated once, nothing per token on the heap): a
 * digest's first three bytes pick the slot, the next four are its
 * fingerprint. A slot holds the last digest seen there, so a sighting can be
 * forgotten when another digest lands in the same slot, or taken for another's
 * when two digests share slot and fingerprint (one in 2^32): either only
 * decides whether an already verified token is remembered, never whether it is
 * accepted.
 */
export class FirstSightings {
  private readonly fingerprints: Uint32Array;
  private readonly mask: number;

  /** At least two slots per entry of the cache it serves, a power of two (the options allow at most a million entries: 16 MB). */
  constructor(entries: number) {
    let slots = 16;
    while (slots < 2 * entries) slots *= 2;
    this.fingerprints = new Uint32Array(slots);
    this.mask = slots - 1;
  }

  /** True when this digest was seen since its slot last changed (and forgets it); otherwise remembers it and answers false. */
  seenBefore(digest: string): boolean {
    const slot = (digest.charCodeAt(0) | (digest.charCodeAt(1) << 8) | (digest.charCodeAt(2) << 16)) & this.mask;
    // Never 0, the empty slot's value.
    const fingerprint = (digest.charCodeAt(3) | (digest.charCodeAt(4) << 8) | (digest.charCodeAt(5) << 16) | (digest.charCodeAt(6) << 24)) >>> 0 || 1;
    if (this.fingerprints[slot] === fingerprint) {
      this.fingerprints[slot] = 0;
      return true;
    }
    this.fingerprints[slot] = fingerprint;
    return false;
  }
}
