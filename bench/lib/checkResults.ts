import { TARGETS, type BenchResults } from '../run';

/** Baselines every run measures, whatever the tree. */
export const REQUIRED_BASELINES = [
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
  'oidc-provider RSS after its token runs MB',
  'oidc-provider refresh_token req/s',
  'oidc-provider introspection req/s',
  'oidc-provider refresh token introspection req/s',
] as const;

/** Figures every comparison of the bench issue needs. */
export const REQUIRED_FIGURES = [
  'auth login ecdsa req/s',
  'auth login hmac req/s',
  'auth protected GET req/s',
  'auth unprotected route req/s (framework cost)',
  'auth protected GET vs express-jwt',
  'auth client_credentials req/s',
  'auth refresh_token req/s',
  'auth introspection req/s',
  'auth introspection of a refresh token vs oidc-provider',
  'auth login rsa, 2 workers',
  'auth protected GET, 2 workers',
  // The LOG_LEVEL=warn column of the target table.
  'demo client unprotected route vs bare express [LOG_LEVEL=warn]',
  'auth login rsa req/s vs raw sign [LOG_LEVEL=warn]',
] as const;

/** The most heap 100 k distinct tokens may leave behind in a cache bounded to 10 k entries. */
const MAX_CACHE_HEAP_MB = 40;

function positiveFinite(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/**
 * Everything wrong with a results file, one line each (empty when the table is
 * complete): a missing baseline or figure, a value or ratio that is absent, not
 * finite or not positive, a figure whose baseline was not measured, a ratio that
 * is not value ÷ baseline, a target without its verdict. Speed is never judged.
 */
export function problemsWith(results: BenchResults): string[] {
  const problems: string[] = [];
  for (const name of REQUIRED_BASELINES) if (!(name in results.baselines)) problems.push(`baseline missing: ${name}`);
  for (const [name, value] of Object.entries(results.baselines)) {
    if (!positiveFinite(value)) problems.push(`baseline ${name} is ${String(value)}`);
  }
  const names = new Set(results.figures.map((figure) => figure.name));
  for (const name of REQUIRED_FIGURES) if (!names.has(name)) problems.push(`figure missing: ${name}`);
  if (![...names].some((name) => name.startsWith('forge pure-JS RSA-'))) problems.push('figure missing: forge pure-JS RSA-… generation');
  if (names.size !== results.figures.length) problems.push('a figure name appears twice');
  for (const figure of results.figures) {
    const baseline = results.baselines[figure.baseline];
    if (!positiveFinite(figure.value)) problems.push(`${figure.name}: value ${String(figure.value)}`);
    if (!positiveFinite(figure.ratio)) problems.push(`${figure.name}: ratio ${String(figure.ratio)}`);
    if (!positiveFinite(baseline)) problems.push(`${figure.name}: baseline ${figure.baseline} not measured`);
    else if (positiveFinite(figure.ratio) && Math.abs(figure.ratio - figure.value / baseline) > 1e-9 * figure.ratio) {
      problems.push(`${figure.name}: ratio ${figure.ratio} is not ${figure.value} / ${baseline}`);
    }
    if (figure.cpuRatio !== undefined && !positiveFinite(figure.cpuRatio)) problems.push(`${figure.name}: per-CPU ratio ${String(figure.cpuRatio)}`);
    if (figure.target !== undefined && typeof figure.met !== 'boolean') problems.push(`${figure.name}: target ${figure.target} without a verdict`);
  }
  for (const [name, failure] of Object.entries(results.failures ?? {})) problems.push(`${name} failed: ${failure.reason}`);
  for (const name of Object.values(TARGETS)) {
    const figure = results.figures.find((candidate) => candidate.name === name);
    if (figure !== undefined && (typeof figure.target !== 'string' || typeof figure.met !== 'boolean')) problems.push(`${name}: no target and verdict`);
    if (figure === undefined && results.failures?.[name] === undefined) problems.push(`target figure missing: ${name}`);
  }
  problems.push(...scaleProblems(results));
  return problems;
}

/** The cost-as-work-grows table: every size measured, positive, and the token cache bounded. */
function scaleProblems(results: BenchResults): string[] {
  const problems: string[] = [];
  const rows = results.scale ?? [];
  for (const size of ['1 users', '10000 users', '100000 users', '1 published keys', '50 published keys', '1 distinct tokens', '100000 distinct tokens']) {
    if (!rows.some((row) => `${row.what}: ${row.size}`.endsWith(size))) problems.push(`scale row missing: ${size}`);
  }
  for (const row of rows) if (!positiveFinite(row.opsPerSec)) problems.push(`scale ${row.what} ${row.size}: ${String(row.opsPerSec)} ops/s`);
  const cache = rows.find((row) => row.size === '100000 distinct tokens');
  // "at most 10000 entries held, 3.4 MB heap": the bound it was built with, and what 100 k tokens left on the heap
  // after a GC (~0.5 KB an entry since the cache keys by digest: 10 k entries are ~5 MB, 100 k unbounded ~50 MB).
  const entries = Number(/(\d+) entries/.exec(cache?.note ?? '')?.[1]);
  const heapMb = Number(/([\d.]+) MB heap/.exec(cache?.note ?? '')?.[1]);
  if (cache !== undefined && !(entries <= 10_000 && heapMb <= MAX_CACHE_HEAP_MB)) problems.push(`verified-token cache not bounded: ${cache.note}`);
  return problems;
}
