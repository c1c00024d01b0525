/**
 * `npm run bench:smoke`: every bench stage with a tiny load budget (BENCH_SECONDS,
 * default 0.12 s per run), to prove each stage works and the table comes out
 * complete: every baseline and figure present, finite and positive, every ratio
 * computed. Speed is never judged here (`npm run bench` is for that). Exits 1
 * and names each problem otherwise. CI runs it after the tests. Its results go
 * to bench/results/smoke.json (ignored by git), never to latest.json: a smoke
 * run is no measurement and is never rendered into docs/benchmarks.md.
 */
import { relative } from 'node:path';
import { projectRoot } from '../src/infrastructure/config/projectRoot';
import { problemsWith } from './lib/checkResults';
import { formatTable } from './lib/report';
import { SMOKE_RESULTS } from './lib/resultsFiles';
import { runBench } from './run';

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? '0.12');
  if (!(seconds > 0)) throw new Error('BENCH_SECONDS must be a positive number');
  // Rows that spend a minted token per request send a fixed budget, one request at a time: minted exactly, and
  // answered whatever the rate (at 50 connections on SQLite the auth service's refresh stalls for seconds a request).
  const fed = { requests: 20, connections: 1 };
  // The library's memory row on 2,000 tokens, not 60,000, the store round trips of 20 logins, not 200, the feed fleet
  // polling for 2 s at 2,000 revocations, not 30 s at 100,000: they prove the stages and their reports, no more.
  const results = await runBench({
    seconds,
    connections: 50,
    rsaBits: 2048,
    out: SMOKE_RESULTS,
    log: (line) => console.error(line),
    fed,
    libraryTokens: 2_000,
    loginRoundTrips: { logins: 20, idleSeconds: 2 },
    feedFleet: { seconds: 2, revocations: 2_000 },
  });
  console.log(formatTable(results.figures, results.baselines, results.failures));
  const problems = problemsWith(results);
  if (problems.length > 0) {
    console.error(`bench smoke: ${problems.length} problem(s):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    process.exitCode = 1;
    return;
  }
  console.log(
    `bench smoke: ${Object.keys(results.baselines).length} baselines and ${results.figures.length} figures, all finite and positive (${relative(projectRoot(__dirname), SMOKE_RESULTS)})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
