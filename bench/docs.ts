/**
 * `npm run bench:docs [results.json]`: renders a results file (default: the
 * last `npm run bench`, bench/results/latest.json) into docs/benchmarks.md,
 * without measuring anything.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { projectRoot } from '../src/infrastructure/config/projectRoot';
import { renderBenchmarksPage } from './lib/benchmarksPage';
import { BENCHMARKS_PAGE, LATEST_RESULTS, readResults } from './lib/resultsFiles';
import { AT_WARN, TARGETS } from './run';

function main(): void {
  const file = resolve(process.argv[2] ?? LATEST_RESULTS);
  const root = projectRoot(__dirname);
  if (!existsSync(file)) throw new Error(`no results file ${relative(root, file)}: run \`npm run bench\` first (or name a results file)`);
  const page = renderBenchmarksPage(readResults(file), { targets: Object.values(TARGETS), warnSuffix: AT_WARN, source: relative(root, file) });
  writeFileSync(BENCHMARKS_PAGE, page);
  console.error(`wrote ${relative(root, BENCHMARKS_PAGE)} from ${relative(root, file)}`);
}

try {
  main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
