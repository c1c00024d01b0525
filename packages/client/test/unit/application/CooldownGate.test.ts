import { expect } from 'chai';
import { CooldownGate } from '../../../src/application/CooldownGate';
import { FixedClock } from '../../support/FixedClock';

describe('CooldownGate', () => {
  it('runs once for many concurrent callers, turns callers away during the cooldown, and runs again after it', async () => {
    const clock = new FixedClock();
    const gate = new CooldownGate(clock, 30_000);
    let runs = 0;
    let held = true;
    let release!: () => void;
    // Held until released while the first callers join it; later runs end at once (a wrong extra run must not hang the test).
    const action = () => {
      runs++;
      return held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    };

    const joined = Array.from({ length: 100 }, () => gate.pass(action));
    release();
    expect(await Promise.all(joined)).to.deep.equal(Array(100).fill(true));
    expect(runs).to.equal(1);
    held = false;

    clock.advanceSeconds(29);
    expect(await gate.pass(action)).to.equal(false);
    expect(runs).to.equal(1);

    clock.advanceSeconds(1);
    const again = gate.pass(action);
    release();
    expect(await again).to.equal(true);
    expect(runs).to.equal(2);
    expect(gate.runs).to.equal(2);
  });
});
