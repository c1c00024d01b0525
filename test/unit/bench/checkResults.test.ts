import { expect } from 'chai';
import { problemsWith, REQUIRED_BASELINES, REQUIRED_FIGURES } from '../../../bench/lib/checkResults';
import type { Figure } from '../../../bench/lib/report';
import { TARGETS, type BenchResults } from '../../../bench/run';

function completeResults(): BenchResults {
  const baselines: Record<string, number> = Object.fromEntries(REQUIRED_BASELINES.map((name, i) => [name, 100 + i]));
  const figureNames = [...new Set<string>([...REQUIRED_FIGURES, ...Object.values(TARGETS)]), 'forge pure-JS RSA-1024 generation'];
  const figures: Figure[] = figureNames.map((name) => ({
    name,
    value: 50,
    unit: 'req/s',
    baseline: 'bare express req/s',
    ratio: 50 / baselines['bare express req/s'],
    cpuRatio: 0.5,
    target: 'ratio ≥ 1',
    met: false,
  }));
  const sizes = ['1 users', '10000 users', '100000 users', '1 published keys', '50 published keys', '1 distinct tokens'];
  const scale = [...sizes.map((size) => ({ what: 'work', size, opsPerSec: 10, ratio: 1, note: '' })), { what: 'verified-token cache', size: '100000 distinct tokens', opsPerSec: 10, ratio: 1, note: '10000 entries' }];
  return { machine: {}, options: { seconds: 0.12, connections: 50, rsaBits: 2048 }, baselines, efficiency: {}, figures, scale } as BenchResults;
}

describe('bench smoke check (problemsWith)', () => {
  it('finds nothing wrong with a complete table', () => {
    expect(problemsWith(completeResults())).to.deep.equal([]);
  });

  it('names a missing scale row and an unbounded token cache', () => {
    const results = completeResults();
    results.scale.splice(0, 1);
    Object.assign(results.scale[results.scale.length - 1], { note: '100000 entries' });
    expect(problemsWith(results)).to.deep.equal(['scale row missing: 1 users', 'verified-token cache not bounded: 100000 entries']);
  });

  it('names a missing baseline and a missing figure', () => {
    const results = completeResults();
    delete (results.baselines as Record<string, number>)['oidc-provider token req/s'];
    results.figures.splice(results.figures.findIndex((f) => f.name === 'auth login hmac req/s'), 1);
    expect(problemsWith(results)).to.deep.equal(['baseline missing: oidc-provider token req/s', 'figure missing: auth login hmac req/s']);
  });

  it('names a value or ratio that is NaN, infinite, zero or absent', () => {
    const results = completeResults();
    const [a, b, c, d] = results.figures;
    Object.assign(a, { value: Number.NaN });
    Object.assign(b, { ratio: Number.POSITIVE_INFINITY });
    Object.assign(c, { value: 0, ratio: 0 });
    Object.assign(d, { ratio: undefined });
    expect(problemsWith(results)).to.deep.equal([
      `${a.name}: value NaN`,
      `${b.name}: ratio Infinity`,
      `${c.name}: value 0`,
      `${c.name}: ratio 0`,
      `${d.name}: ratio undefined`,
    ]);
  });

  it('names a baseline that is not finite, a figure on an unmeasured baseline, a wrong ratio, a target without verdict', () => {
    const results = completeResults();
    (results.baselines as Record<string, number>)['raw HS256 sign ops/s'] = Number.NaN;
    const [a, b, c, d] = results.figures;
    Object.assign(a, { baseline: 'never measured' });
    Object.assign(b, { ratio: 3 });
    Object.assign(c, { met: undefined });
    Object.assign(d, { cpuRatio: Number.NaN });
    expect(problemsWith(results)).to.deep.equal([
      'baseline raw HS256 sign ops/s is NaN',
      `${a.name}: baseline never measured not measured`,
      `${b.name}: ratio 3 is not 50 / 106`,
      `${c.name}: target ratio ≥ 1 without a verdict`,
      `${d.name}: per-CPU ratio NaN`,
    ]);
  });
});
