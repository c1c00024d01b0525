/**
 * Where the bench keeps what it measured: bench/results/ (ignored by git, so a
 * run never leaves a changed file behind; history is in git, figures of a
 * change in its issue note). The pages in git that show a run, docs/benchmarks.md
 * and the target table in docs/performance.md, are rendered from a results file
 * on request.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { projectRoot } from '../../src/infrastructure/config/projectRoot';
import type { BenchResults } from '../run';
import { latestTargets, renderBenchmarksPage, withLatestTargets, type PageOptions } from './benchmarksPage';

const ROOT = projectRoot(__dirname);
export const RESULTS_DIR = join(ROOT, 'bench', 'results');
/** What `npm run bench` writes (BENCH_OUT overrides it) and `npm run bench:docs` renders. */
export const LATEST_RESULTS = join(RESULTS_DIR, 'latest.json');
/** What `npm run bench:smoke` writes: never latest.json, so a smoke run is never rendered as a measurement. */
export const SMOKE_RESULTS = join(RESULTS_DIR, 'smoke.json');
export const BENCHMARKS_PAGE = join(ROOT, 'docs', 'benchmarks.md');
/** Shows the latest run's target table between its markers. */
export const PERFORMANCE_PAGE = join(ROOT, 'docs', 'performance.md');

export function writeResults(file: string, results: BenchResults): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

export function readResults(file: string): BenchResults {
  return JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
}

/** Renders `results` into docs/benchmarks.md and the latest-targets block of docs/performance.md. */
export function writeDocs(results: BenchResults, options: PageOptions, pages = { benchmarks: BENCHMARKS_PAGE, performance: PERFORMANCE_PAGE }): void {
  const performance = withLatestTargets(readFileSync(pages.performance, 'utf8'), latestTargets(results, options));
  writeFileSync(pages.benchmarks, renderBenchmarksPage(results, options));
  writeFileSync(pages.performance, performance);
}

/**
 * The commit the figures were measured on, with "+ local changes" when the
 * measured code (src, bench, the client package, package.json) differs from it;
 * undefined outside a git checkout.
 */
export function measuredRevision(): string | undefined {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const commit = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain', '--', 'src', 'bench', 'packages/client/src', 'package.json') === '' ? commit : `${commit} + local changes`;
  } catch {
    return undefined;
  }
}
