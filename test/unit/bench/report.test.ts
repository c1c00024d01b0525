import { expect } from 'chai';
import { decisive, formatTable, formatTargets, percentOff, Report, roundRatios } from '../../../bench/lib/report';
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

describe('bench report: a row whose runs failed', () => {
  it('is shown with its reason and target in both tables, in place of a figure', () => {
    const report = new Report();
    report.asBaseline('peer req/s', measured(1_000, [900, 1_100]));
    report.rate('ours vs peer', measured(1_300, [1_200, 1_400]), 'peer req/s', { limit: 1.2 });
    report.failed('refresh vs peer', '3 errors, 0 non-2xx of 20 requests in round 1', { limit: 1.2 });

    const targets = formatTargets(report.figures, ['ours vs peer', 'refresh vs peer', 'never run'], '', {}, report.failures);
    const [header, , ours, refresh, never] = targets.split('\n').map((line) => line.split('|').map((cell) => cell.trim()));
    expect(ours[header.indexOf('result')]).to.equal('PASS');
    expect(refresh[header.indexOf('at defaults (info)')]).to.equal('failed');
    expect(refresh[header.indexOf('target')]).to.equal('ratio ≥ 1.2');
    expect(refresh[header.indexOf('result')]).to.equal('failed: 3 errors, 0 non-2xx of 20 requests in round 1');
    expect(never[header.indexOf('result')]).to.equal('short');

    const table = formatTable(report.figures, report.baselines, report.failures).split('\n');
    expect(table[table.length - 1]).to.match(/^\| refresh vs peer +\| failed: 3 errors, 0 non-2xx of 20 requests in round 1 \|.*\| ratio ≥ 1.2 +\| NO +\|$/);
  });
});

describe('bench report: numbers', () => {
  it('shows a ratio of a few thousandths with two significant digits, not as 0.00', () => {
    const report = new Report();
    report.asBaseline('peer req/s', measured(2_193, [2_100, 2_300]));
    report.rate('stalled vs peer', measured(2.25, [2.2, 2.3]), 'peer req/s', { limit: 1.2 });
    const [header, , row] = formatTargets(report.figures, ['stalled vs peer']).split('\n').map((line) => line.split('|').map((cell) => cell.trim()));
    expect(row[header.indexOf('at defaults (info)')]).to.equal('0.0010×');
    expect(row[header.indexOf('rounds (info)')]).to.equal('0.0010× / 0.0010×');
  });

  it('shows a short figure that rounds onto its limit with the digits that decide it, and how far off below 1 %', () => {
    const report = new Report();
    report.baselines['idle round trips'] = 1;
    report.figure('round trips', 1.005, 'round trips', 'idle round trips', { on: 'value', limit: 1, atMost: true });
    const [header, , row] = formatTargets(report.figures, ['round trips']).split('\n').map((line) => line.split('|').map((cell) => cell.trim()));
    expect(row[header.indexOf('at defaults (info)')]).to.equal('1.005 round trips');
    expect(row[header.indexOf('result')]).to.equal('short (0.5 % off)');
  });

  it('adds decimals only while the usual rounding reads as the limit (up to six), and says how far off to one significant digit below 1 %', () => {
    expect(decisive(0.86, 0.9)).to.equal('0.86');
    expect(decisive(1, 1)).to.equal('1.00');
    expect(decisive(0.8996, 0.9)).to.equal('0.8996');
    expect(decisive(1.0000001, 1)).to.equal('1.000000');
    expect(percentOff(0.86, 0.9)).to.equal('4');
    expect(percentOff(1.005, 1)).to.equal('0.5');
    expect(percentOff(1.0004, 1)).to.equal('0.04');
  });
});
