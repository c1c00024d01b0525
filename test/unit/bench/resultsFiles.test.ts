import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect } from 'chai';
import { LATEST_RESULTS, readResults, RESULTS_DIR, SMOKE_RESULTS, writeResults } from '../../../bench/lib/resultsFiles';
import type { BenchResults } from '../../../bench/run';

const ROOT = join(__dirname, '..', '..', '..');

describe('bench results files (bench/results/, ignored by git)', () => {
  it('go to a folder git ignores, so no run leaves a changed file in the repository', () => {
    for (const file of [LATEST_RESULTS, SMOKE_RESULTS]) {
      expect(relative(RESULTS_DIR, file).startsWith('..'), file).to.equal(false);
      const check = spawnSync('git', ['check-ignore', '--quiet', '--no-index', relative(ROOT, file)], { cwd: ROOT });
      expect(check.status, `${relative(ROOT, file)} is not ignored`).to.equal(0);
    }
  });

  it('are written where they are asked for, folders created, and read back whole', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-results-'));
    try {
      const results = { machine: { date: '2026-11-27T09:00:00.000Z' }, options: { seconds: 8, connections: 50, rsaBits: 2048 }, baselines: { 'bare express req/s': 10_000 }, efficiency: {}, figures: [], scale: [] };
      const file = join(dir, 'nested', 'run.json');
      writeResults(file, results as BenchResults);
      expect(readResults(file)).to.deep.equal(results);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
