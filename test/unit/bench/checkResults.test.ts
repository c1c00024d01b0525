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
  const scale = [...sizes.map((size) => ({ what: 'work', size, opsPerSec: 10, ratio: 1, note: '' })), { what: 'verified-token cache', size: '100000 distinct tokens', opsPerSec: 10, ratio: 1, note: 'at most 10000 entries held, 3.4 MB heap' }];
  return { machine: {}, options: { seconds: 0.12, connections: 50, rsaBits: 2048 }, baselines, efficiency: {}, figures, scale } as BenchResults;
}

describe('bench smoke check (problemsWith)', () => {
  it('finds nothing wrong with a complete table', () => {
    expect(problemsWith(completeResults())).to.deep.equal([]);
  });

  it('names a missing scale row and an unbounded token cache', () => {
    const results = completeResults();
    results.scale.splice(0, 1);
    Object.assign(results.scale[results.scale.length - 1], { note: 'at most 100000 entries held, 3.4 MB heap' });
    expect(problemsWith(results)).to.deep.equal(['scale row missing: 1 users', 'verified-token cache not bounded: at most 100000 entries held, 3.4 MB heap']);
  });

  it('names a token cache whose heap grew as if unbounded, or whose note says neither', () => {
    const results = completeResults();
    const cache = results.scale[results.scale.length - 1];
    Object.assign(cache, { note: 'at most 10000 entries held, 161.0 MB heap' });
    expect(problemsWith(results)).to.deep.equal(['verified-token cache not bounded: at most 10000 entries held, 161.0 MB heap']);
    Object.assign(cache, { note: 'held' });
    expect(problemsWith(results)).to.deep.equal(['verified-token cache not bounded: held']);
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

describe('bench smoke check: a row that failed', () => {
  it('names the failure with its reason, instead of a missing target figure', () => {
    const results = completeResults();
    const name = TARGETS.refreshVsOidc;
    results.figures.splice(results.figures.findIndex((f) => f.name === name), 1);
    const failed = { ...results, failures: { [name]: { reason: '12 errors, 0 non-2xx of 40 requests in round 1', target: 'ratio ≥ 1.2' } } };
    expect(problemsWith(failed)).to.deep.equal([`${name} failed: 12 errors, 0 non-2xx of 40 requests in round 1`]);
  });

  it('requires the token-endpoint rows and their peer baselines', () => {
    expect(REQUIRED_BASELINES).to.include.members(['oidc-provider refresh_token req/s', 'oidc-provider introspection req/s', 'oidc-provider refresh token introspection req/s']);
    expect(Object.values(TARGETS)).to.include.members([
      'auth client_credentials vs oidc-provider',
      'auth refresh_token with rotation vs oidc-provider',
      'auth introspection vs oidc-provider',
    ]);
    expect(REQUIRED_FIGURES).to.include('auth introspection of a refresh token vs oidc-provider');
  });
});
