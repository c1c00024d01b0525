import { expect } from 'chai';
import { formatTargets, Report, roundRatios } from '../../../bench/lib/report';
import type { Measured } from '../../../bench/lib/sustained';

function measured(reqPerSec: number, rounds: number[]): Measured {
  return { requests: reqPerSec * 8, reqPerSec, reqPerCpuSec: reqPerSec, p50: 1, p99: 2, errors: 0, non2xx: 0, rounds };
}

describe('bench report: the ratio of each round', () => {
  it('pairs round i of a figure with round i of its baseline', () => {
    expect(roundRatios([700, 660], [1000, 1100], 1050)).to.deep.equal([0.7, 0.6]);
  });

  it('divides by the baseline itself when that was measured once (raw signing) or in other rounds', () => {
    expect(roundRatios([800, 900], undefined, 1000)).to.deep.equal([0.8, 0.9]);
    expect(roundRatios([800, 900], [1000], 2000)).to.deep.equal([0.4, 0.45]);
  });

  it('shows each round of a rate target beside its result, and nothing for a figure measured once', () => {
    const report = new Report();
    report.asBaseline('bare express req/s', measured(10_000, [9_000, 11_000]));
    report.rate('demo route vs bare express', measured(7_000, [6_750, 7_150]), 'bare express req/s', { limit: 0.7 });
    report.baselines['bare express cold start ms'] = 200;
    report.figure('cold start', 500, 'ms', 'bare express cold start ms', { on: 'value', limit: 600, atMost: true });

    const table = formatTargets(report.figures, ['demo route vs bare express', 'cold start']);

    const [header, , demo, cold] = table.split('\n').map((line) => line.split('|').map((cell) => cell.trim()));
    const column = header.indexOf('rounds (info)');
    expect(column).to.be.above(0);
    expect(demo[column]).to.equal('0.75× / 0.65×');
    expect(demo[header.indexOf('result')]).to.equal('PASS');
    expect(cold[column]).to.equal('');
  });
});
