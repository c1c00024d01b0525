/**
 * `npm run bench:smoke`: every bench stage with a tiny load budget (BENCH_SECONDS,
 * default 0.12 s per run), to prove each stage works and the table comes out
 * complete: every baseline and figure present, finite and positive, every ratio
 * computed. Speed is never judged here (`npm run bench` is for that). Exits 1
 * and names each problem otherwise. CI runs it after the tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { problemsWith } from './lib/checkResults';
import { formatTable } from './lib/report';
import { runBench } from './run';

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? '0.12');
  if (!(seconds > 0)) throw new Error('BENCH_SECONDS must be a positive number');
  const dir = mkdtempSync(join(tmpdir(), 'bench-smoke-'));
  try {
    const results = await runBench({ seconds, connections: 50, rsaBits: 2048, out: join(dir, 'results.json'), log: (line) => console.error(line) });
    console.log(formatTable(results.figures, results.baselines));
    const problems = problemsWith(results);
    if (problems.length > 0) {
      console.error(`bench smoke: ${problems.length} problem(s):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
      process.exitCode = 1;
      return;
    }
    console.log(`bench smoke: ${Object.keys(results.baselines).length} baselines and ${results.figures.length} figures, all finite and positive`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
