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
  /** e.g. "ratio ≥ 1.3" or "value ≤ 150 MB"; absent when the issue sets none. */
  readonly target?: string;
  readonly met?: boolean;
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

function number(value: number): string {
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** The one table `npm run bench` prints: figures, then the baselines they are divided by. */
export function formatTable(figures: readonly Figure[], baselines: Readonly<Record<string, number>>): string {
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
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => [...row[column]].length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell + ' '.repeat(widths[column] - [...cell].length)).join(' | ')} |`;
  return [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}
