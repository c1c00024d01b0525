import type { Measured } from './sustained';

/** One measured figure, always next to the baseline it is divided by. */
export interface Figure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly baseline: string;
  readonly ratio: number;
  /**
   * The same comparison per CPU-second of the server (requests ÷ CPU time of all
   * its processes and threads): far steadier than req/s on a shared machine.
   */
  readonly cpuRatio?: number;
  /**
   * The ratio of each ABBA round (the figure's run of that round against the
   * baseline's run of the same round, or against the baseline when that was
   * measured once): their spread is the noise the ratio carries.
   */
  readonly roundRatios?: readonly number[];
  /** e.g. "ratio ≥ 1.3" or "value ≤ 150 MB"; absent when the issue sets none. */
  readonly target?: string;
  readonly met?: boolean;
}

/** A row whose runs failed at the defaults (errors, non-2xx, tokens run out): shown with why, in place of a figure. */
export interface Failure {
  readonly reason: string;
  /** The row's target, as describeTarget says it, when it has one. */
  readonly target?: string;
}

export interface Target {
  /** Compare the ratio (default) or the absolute value. */
  readonly on?: 'ratio' | 'value';
  readonly limit: number;
  readonly atMost?: boolean;
}

export function describeTarget(target: Target, unit: string): string {
  const sign = target.atMost ? '≤' : '≥';
  return target.on === 'value' ? `value ${sign} ${target.limit} ${unit}` : `ratio ${sign} ${target.limit}`;
}

export function meets(target: Target, value: number, ratio: number): boolean {
  const measured = target.on === 'value' ? value : ratio;
  return target.atMost ? measured <= target.limit : measured >= target.limit;
}

/**
 * A target figure with the digits that decide its verdict: when its usual
 * rounding lands on the limit (1.005 round trips against ≤ 1 reads "1.00"),
 * more decimals until it differs, up to six (a figure within a millionth of
 * its limit still reads as the limit; its verdict column tells).
 */
export function decisive(value: number, limit: number): string {
  let shown = number(value);
  for (let decimals = 3; decimals <= 6 && value !== limit && Number(shown) === limit; decimals++) shown = value.toFixed(decimals);
  return shown;
}

/** How far a short figure is from its limit, in percent: one significant digit below 1 %, so it never reads "0 % off". */
export function percentOff(got: number, limit: number): string {
  const off = Math.abs((got / limit - 1) * 100);
  return off < 1 ? off.toPrecision(1) : off.toFixed(0);
}

function number(value: number): string {
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  // A ratio of a few thousandths is a figure too: two significant digits rather than 0.00.
  if (value > 0 && value < 0.01) return value.toPrecision(2);
  return value.toFixed(2);
}

/** The one table `npm run bench` prints: figures, then the baselines they are divided by; failed rows last. */
export function formatTable(figures: readonly Figure[], baselines: Readonly<Record<string, number>>, failures: Readonly<Record<string, Failure>> = {}): string {
  const rows = [
    ['figure', 'value', 'baseline (same run)', 'ratio', 'per CPU-s', 'target', 'met'],
    ...figures.map((f) => [
      f.name,
      `${number(f.value)} ${f.unit}`,
      `${f.baseline} = ${number(baselines[f.baseline])}`,
      `${number(f.ratio)}×`,
      f.cpuRatio === undefined ? '' : `${number(f.cpuRatio)}×`,
      f.target ?? '',
      f.met === undefined ? '' : f.met ? 'yes' : 'NO',
    ]),
    ...Object.entries(failures).map(([name, failure]) => [name, `failed: ${failure.reason}`, '', '', '', failure.target ?? '', failure.target ? 'NO' : '']),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => [...row[column]].length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell + ' '.repeat(widths[column] - [...cell].length)).join(' | ')} |`;
  return [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

/**
 * The target figures on their own: measured value or ratio at the
 * defaults, the same with LOG_LEVEL=warn when measured (the figure named
 * `name + warnSuffix`: what the access log costs), per CPU-second, target, and
 * PASS or how far short (a figure not measured in this run says so, a row whose
 * runs failed says why). Headed by the date and the machine: the figures mean
 * nothing without them.
 */
export function formatTargets(
  figures: readonly Figure[],
  names: readonly string[],
  warnSuffix = '',
  machine: Record<string, unknown> = {},
  failures: Readonly<Record<string, Failure>> = {},
): string {
  const shown = (figure: Figure | undefined, onValue: boolean, limit: number) =>
    figure === undefined ? '' : onValue ? `${decisive(figure.value, limit)} ${figure.unit}` : `${decisive(figure.ratio, limit)}×`;
  const rows = [
    ['target figure', 'at defaults (info)', 'LOG_LEVEL=warn', 'per CPU-s', 'rounds (info)', 'target', 'result'],
    ...names.map((name) => {
      const figure = figures.find((candidate) => candidate.name === name);
      const failure = failures[name];
      if (!figure?.target && failure) return [name, 'failed', '', '', '', failure.target ?? '', `failed: ${failure.reason}`];
      if (!figure?.target) return [name, 'not measured', '', '', '', '', 'short'];
      const onValue = figure.target.startsWith('value');
      const atWarn = warnSuffix ? figures.find((candidate) => candidate.name === `${name}${warnSuffix}`) : undefined;
      const limit = Number(/[\d.]+/.exec(figure.target.slice(figure.target.search(/[≤≥]/)))?.[0]);
      const got = onValue ? figure.value : figure.ratio;
      const gap = figure.met ? 'PASS' : `short (${percentOff(got, limit)} % off)`;
      const rounds = figure.roundRatios?.map((ratio) => `${number(ratio)}×`).join(' / ') ?? '';
      return [name, shown(figure, onValue, limit), shown(atWarn, onValue, limit), figure.cpuRatio === undefined ? '' : `${number(figure.cpuRatio)}×`, rounds, figure.target, gap];
    }),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => [...row[column]].length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell + ' '.repeat(widths[column] - [...cell].length)).join(' | ')} |`;
  const where = Object.keys(machine).length
    ? `${String(machine.date ?? '')}, ${String(machine.cpus ?? '?')} × ${String(machine.model ?? '?')}, node ${String(machine.node ?? '?')}, load average at the end ${JSON.stringify(machine.loadavg ?? [])}\n`
    : '';
  return where + [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

/** Collects baselines and the figures divided by them, all from one run. */
export class Report {
  readonly baselines: Record<string, number> = {};
  /** Requests (or operations) per CPU-second of the baselines that have one. */
  readonly efficiency: Record<string, number> = {};
  /** req/s of each round of the baselines measured in rounds. */
  readonly baselineRounds: Record<string, readonly number[]> = {};
  readonly figures: Figure[] = [];
  /** Rows whose runs failed, by figure name. */
  readonly failures: Record<string, Failure> = {};

  /** A row that could not be measured because its runs failed (or its baseline's did). */
  failed(name: string, reason: string, target?: Target, unit = 'req/s'): void {
    this.failures[name] = { reason, target: target ? describeTarget(target, unit) : undefined };
  }

  /** A figure against a baseline; `cpu` (per CPU-second) adds the noise-resistant ratio when the baseline has one too. */
  figure(name: string, value: number, unit: string, baseline: string, target?: Target, cpu?: number, rounds?: readonly number[]): void {
    if (!(this.baselines[baseline] > 0)) throw new Error(`baseline ${baseline} was not measured`);
    const ratio = value / this.baselines[baseline];
    const cpuBaseline = this.efficiency[baseline];
    this.figures.push({
      name,
      value,
      unit,
      baseline,
      ratio,
      cpuRatio: cpu !== undefined && cpuBaseline !== undefined ? cpu / cpuBaseline : undefined,
      roundRatios: rounds === undefined ? undefined : roundRatios(rounds, this.baselineRounds[baseline], this.baselines[baseline]),
      target: target ? describeTarget(target, unit) : undefined,
      met: target ? meets(target, value, ratio) : undefined,
    });
  }

  /** An HTTP result's req/s (with its per-CPU ratio) as a figure. */
  rate(name: string, result: Measured, baseline: string, target?: Target): void {
    this.figure(name, result.reqPerSec, 'req/s', baseline, target, result.reqPerCpuSec, result.rounds);
  }

  /** req/s against `baseline`, p50 and p99 against bare express's. */
  http(name: string, result: Measured, baseline: string): void {
    this.rate(`${name} req/s`, result, baseline);
    this.figure(`${name} p50`, result.p50, 'ms', 'bare express p50 ms');
    this.figure(`${name} p99`, result.p99, 'ms', 'bare express p99 ms');
  }

  asBaseline(name: string, result: Measured): void {
    this.baselines[name] = result.reqPerSec;
    this.efficiency[name] = result.reqPerCpuSec;
    if (result.rounds) this.baselineRounds[name] = result.rounds;
  }
}

/** Round i of the figure against round i of the baseline (the two were measured in the same round), else against the baseline's one value. */
export function roundRatios(rounds: readonly number[], baselineRounds: readonly number[] | undefined, baseline: number): number[] {
  const paired = baselineRounds !== undefined && baselineRounds.length === rounds.length;
  return rounds.map((value, i) => value / (paired ? baselineRounds[i] : baseline));
}
