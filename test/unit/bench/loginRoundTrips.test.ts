import { expect } from 'chai';
import { perLogin } from '../../../bench/loginRoundTrips';

describe('bench login round trips: per login, less the idle rate of each statement', () => {
  const tally = (entries: Array<[string, number]>) => ({ total: entries.reduce((sum, [, n]) => sum + n, 0), byStatement: new Map(entries) });

  it('subtracts what each statement sends idle over the same time, never below zero', () => {
    const idle = { tally: tally([['revocations', 10], ['keys', 1]]), seconds: 10 };
    const busy = { tally: tally([['revocations', 1], ['keys', 1], ['attempt', 20], ['give back', 10]]), seconds: 2 };
    const split = perLogin(idle, busy, 10);
    expect(split.map(([statement]) => statement)).to.deep.equal(['attempt', 'give back', 'keys']);
    expect(split[0][1]).to.equal(2);
    expect(split[1][1]).to.equal(1);
    expect(split[2][1]).to.be.closeTo(0.08, 1e-9);
  });
});
