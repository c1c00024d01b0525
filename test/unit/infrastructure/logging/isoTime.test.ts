import { expect } from 'chai';
import fc from 'fast-check';
import pino from 'pino';
import { isoTime, isoTimeAt } from '../../../../src/infrastructure/logging/isoTime';

describe('isoTime (pino timestamp, formatted once per second)', () => {
  const expected = (epochMs: number) => `,"time":"${new Date(epochMs).toISOString()}"`;

  it("gives pino's isoTime text for any instant, in any order (the cached second never leaks)", () => {
    // From year -9999 to 9999 and beyond: toISOString's extended years are kept as they are.
    fc.assert(fc.property(fc.array(fc.integer({ min: -377_705_116_800_000, max: 300_000_000_000_000 }), { minLength: 1, maxLength: 20 }), (instants) => {
      for (const instant of instants) expect(isoTimeAt(instant)).to.equal(expected(instant));
    }));
  });

  it('pads the milliseconds at the edges of a second, before and after the epoch', () => {
    for (const instant of [0, 1, 9, 10, 99, 100, 999, 1000, 1001, -1, -999, -1000, -1001, 1_764_067_488_005, 1_764_067_488_050]) {
      expect(isoTimeAt(instant)).to.equal(expected(instant));
    }
  });

  it('reads the clock as pino does', () => {
    const before = Date.now();
    const text = isoTime();
    const at = Date.parse(text.slice(9, -1));
    expect(at).to.be.within(before, Date.now());
    expect(pino.stdTimeFunctions.isoTime().length).to.equal(text.length);
  });
});
