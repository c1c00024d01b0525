import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBench, TARGETS, type BenchResults } from '../../bench/run';

/**
 * CI runs the bench only as a smoke: every stage with a tiny load budget (about
 * 0.12 s per run, ~3 s of load in all), to prove each stage works and every
 * figure comes out. Speed is never asserted here; `npm run bench` is for that.
 */
describe('npm run bench (smoke)', function () {
  // Servers start under ts-node here, which dominates the wall time.
  this.timeout(300_000);
  let dir: string;
  let results: BenchResults;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-smoke-'));
    await runBench({ seconds: 0.12, connections: 50, rsaBits: 2048, out: join(dir, 'results.json'), log: () => undefined });
    results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as BenchResults;
  });

  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes every baseline as a positive number', () => {
    for (const name of [
      'raw RS256 sign ops/s',
      'raw ES256 sign ops/s',
      'raw HS256 sign ops/s',
      'raw RS256 verify ops/s',
      'raw ES256 verify ops/s',
      'raw HS256 verify ops/s',
      'bare express req/s',
      'bare express cold start ms',
      'bare express RSS MB',
      'express-jwt protected GET req/s',
      'oidc-provider token req/s',
    ]) {
      expect(results.baselines[name], name).to.be.a('number').and.greaterThan(0);
    }
    for (const [name, value] of Object.entries(results.baselines)) expect(value, name).to.be.greaterThan(0);
  });

  it('writes every figure with a positive value and a positive ratio to its baseline', () => {
    expect(results.figures.length).to.be.greaterThan(20);
    for (const figure of results.figures) {
      expect(figure.value, figure.name).to.be.a('number').and.greaterThan(0);
      expect(figure.ratio, figure.name).to.be.a('number').and.greaterThan(0);
      expect(results.baselines[figure.baseline], `${figure.name}: baseline ${figure.baseline}`).to.be.greaterThan(0);
      if (figure.cpuRatio !== undefined) expect(figure.cpuRatio, figure.name).to.be.greaterThan(0);
      if (figure.target !== undefined) expect(figure.met, figure.name).to.be.a('boolean');
    }
  });

  it('covers every comparison the issue asks for', () => {
    const names = results.figures.map((figure) => figure.name);
    for (const expected of [
      'auth login rsa req/s vs raw sign',
      'auth login ecdsa req/s',
      'auth login hmac req/s',
      'auth protected GET req/s',
      'auth unprotected route req/s (framework cost)',
      'client protected GET req/s',
      'auth protected GET vs express-jwt',
      'auth login rsa vs oidc-provider',
      'auth login rsa, 2 workers',
      'auth protected GET, 2 workers',
      'auth cold start to healthy, empty store',
      'auth RSS after the run, 50 connections',
    ]) {
      expect(names).to.include(expected);
    }
    expect(names.some((name) => name.startsWith('forge pure-JS RSA-'))).to.equal(true);
  });

  it('measures every figure of the issue 12 target table against its target', () => {
    for (const name of Object.values(TARGETS)) {
      const figure = results.figures.find((candidate) => candidate.name === name);
      expect(figure?.target, name).to.be.a('string');
      expect(figure?.met, name).to.be.a('boolean');
    }
  });

  it('prints the cost-as-work-grows table: users, published keys, cached tokens', () => {
    const sizes = results.scale.map((row) => `${row.what}: ${row.size}`);
    for (const expected of ['1 users', '10000 users', '100000 users', '1 published keys', '50 published keys', '1 distinct tokens', '100000 distinct tokens']) {
      expect(sizes.some((size) => size.endsWith(expected)), expected).to.equal(true);
    }
    for (const row of results.scale) expect(row.opsPerSec, row.what).to.be.greaterThan(0);
    const cache = results.scale.find((row) => row.size === '100000 distinct tokens')!;
    expect(Number(/^(\d+) entries/.exec(cache.note)?.[1])).to.be.at.most(10_000);
  });
});
