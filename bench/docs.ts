/**
 * `npm run bench:docs [results.json]`: renders a results file (default: the
 * last `npm run bench`, bench/results/latest.json) into docs/benchmarks.md and
 * the target table of docs/performance.md, without measuring anything.
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { projectRoot } from '../src/infrastructure/config/projectRoot';
import { LATEST_RESULTS, readResults, writeDocs } from './lib/resultsFiles';
import { AT_WARN, TARGETS } from './run';

function main(): void {
  const file = resolve(process.argv[2] ?? LATEST_RESULTS);
  const root = projectRoot(__dirname);
  if (!existsSync(file)) throw new Error(`no results file ${relative(root, file)}: run \`npm run bench\` first (or name a results file)`);
  writeDocs(readResults(file), { targets: Object.values(TARGETS), warnSuffix: AT_WARN, source: relative(root, file) });
  console.error(`wrote docs/benchmarks.md and the target table of docs/performance.md from ${relative(root, file)}`);
}

try {
  main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
