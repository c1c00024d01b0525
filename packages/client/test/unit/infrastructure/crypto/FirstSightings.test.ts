import { expect } from 'chai';
import { FirstSightings } from '../../../../src/infrastructure/crypto/FirstSightings';

/** A 32-character one-byte digest whose first seven bytes are given, the rest zero. */
function digest(...bytes: number[]): string {
  return String.fromCharCode(...bytes, ...Array<number>(32 - bytes.length).fill(0));
}

describe('FirstSightings', () => {
  it('answers false the first time, true the second, and forgets a digest once it answered true', () => {
    const sightings = new FirstSightings(8);
    const a = digest(1, 2, 3, 4, 5, 6, 7);
    expect(sightings.seenBefore(a)).to.equal(false);
    expect(sightings.seenBefore(a)).to.equal(true);
    expect(sightings.seenBefore(a)).to.equal(false);
  });

  it('tells digests apart by the fingerprint in bytes 3 to 6, each byte counting', () => {
    for (const at of [3, 4, 5, 6]) {
      const sightings = new FirstSightings(8);
      const bytes = [9, 0, 0, 1, 1, 1, 1];
      sightings.seenBefore(digest(...bytes));
      bytes[at] = 2;
      expect(sightings.seenBefore(digest(...bytes)), `byte ${at}`).to.equal(false);
    }
  });

  it('remembers a digest whose fingerprint bytes are all zero (not taken for an empty slot)', () => {
    const sightings = new FirstSightings(8);
    const zero = digest(5, 0, 0, 0, 0, 0, 0);
    expect(sightings.seenBefore(zero)).to.equal(false);
    expect(sightings.seenBefore(zero)).to.equal(true);
  });

  it('picks the slot from bytes 0 to 2 within a power of two of at least twice the entries: a later digest in the same slot replaces an earlier one', () => {
    const small = new FirstSightings(8); // 16 slots
    small.seenBefore(digest(0, 0, 0, 1, 0, 0, 0));
    small.seenBefore(digest(16, 0, 0, 2, 0, 0, 0)); // the same slot of 16
    expect(small.seenBefore(digest(0, 0, 0, 1, 0, 0, 0))).to.equal(false);
    const larger = new FirstSightings(9); // 32 slots
    larger.seenBefore(digest(0, 0, 0, 1, 0, 0, 0));
    larger.seenBefore(digest(16, 0, 0, 2, 0, 0, 0)); // another slot of 32
    expect(larger.seenBefore(digest(0, 0, 0, 1, 0, 0, 0))).to.equal(true);
    for (const [bytes, other] of [
      [[0, 1, 0], [0, 0, 0]],
      [[0, 0, 1], [0, 0, 0]],
    ] as const) {
      const wide = new FirstSightings(2 ** 17); // 2^18 slots: bytes 1 and 2 count too
      wide.seenBefore(digest(...bytes, 1, 0, 0, 0));
      wide.seenBefore(digest(...other, 2, 0, 0, 0));
      expect(wide.seenBefore(digest(...bytes, 1, 0, 0, 0)), JSON.stringify(bytes)).to.equal(true);
    }
  });
});
