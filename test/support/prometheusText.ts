/** One sample of the Prometheus text exposition format. */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\["\\\\n])*"';
// Go's ParseFloat, which Prometheus uses, reads Inf and NaN in any case (prom-client writes "Nan").
const VALUE = '(?:[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|[+-]?[iI][nN][fF]|[nN][aA][nN])';
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,(?:${LABEL}))*,?)?\\})? (${VALUE})(?: -?\\d+)?$`);
const HELP_LINE = new RegExp(`^# HELP ${NAME} .*$`);
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const LABEL_PAIR = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\["\\n])*)"/g;

/**
 * A strict reader of the text format (version 0.0.4): every line must be a
 * HELP, a TYPE or a sample, each metric family typed once before its samples.
 * Throws on the first line that is not.
 */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  const typed = new Set<string>();
  text.split('\n').forEach((line, index) => {
    if (line === '' || HELP_LINE.test(line)) return;
    const type = TYPE_LINE.exec(line);
    if (type) {
      if (typed.has(type[1])) throw new SyntaxError(`line ${index + 1}: ${type[1]} typed twice`);
      typed.add(type[1]);
      return;
    }
    const sample = SAMPLE_LINE.exec(line);
    if (!sample) throw new SyntaxError(`line ${index + 1} is not Prometheus text: ${JSON.stringify(line)}`);
    const family = sample[1].replace(/_(bucket|sum|count|total|created)$/, '');
    if (!typed.has(sample[1]) && !typed.has(family)) throw new SyntaxError(`line ${index + 1}: ${sample[1]} has no TYPE`);
    const labels: Record<string, string> = {};
    for (const pair of (sample[2] ?? '').matchAll(LABEL_PAIR)) labels[pair[1]] = pair[2].replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    samples.push({ name: sample[1], labels, value: numberOf(sample[3]) });
  });
  return samples;
}

/** The value of the one sample with this name and these labels (a subset match), or undefined. */
export function sampleValue(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const matches = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  if (matches.length > 1) throw new Error(`${matches.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matches[0]?.value;
}

function numberOf(text: string): number {
  if (/^nan$/i.test(text)) return Number.NaN;
  if (/^[+-]?inf$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  return Number(text);
}
