/** How a declared variable is checked once parsed; the message is the one stderr line a bad value gives. */
export type EnvCheck =
  | { readonly field: string; readonly min: number; readonly max?: number; readonly message: string }
  | { readonly field: string; readonly oneOf: readonly string[]; readonly message: string }
  | { readonly field: string; readonly pattern: RegExp; readonly each?: boolean; readonly message: string };

/**
 * One environment variable, declared once: the loader takes its default from
 * here, the validator its rule and message, the README table its row.
 */
export interface EnvVariable {
  readonly name: string;
  /** The value used when the variable is unset or blank; undefined when derived or unset (see `shown`). */
  readonly default?: string | number | boolean;
  /** The README's default column when it is not the plain default. */
  readonly shown?: string;
  /** The README's one-line meaning. */
  readonly doc: string;
  readonly check?: EnvCheck;
}

/** The declared default of `name`, typed by the caller; throws when the declaration has none (a programming error). */
export function declaredDefault<T extends string | number | boolean>(table: readonly EnvVariable[], name: string): T {
  const value = table.find((variable) => variable.name === name)?.default;
  if (value === undefined) throw new Error(`no declared default for ${name}`);
  return value as T;
}

/**
 * The messages of the declared checks that `config` fails, in declaration order,
 * one per variable. Plain comparisons with class-validator's semantics (IsInt,
 * Min, Max, IsIn, Matches with `each`), so loading the configuration does not
 * load a validation library (~60 ms of start-up with its dependencies).
 */
export function declaredProblems(config: object, table: readonly EnvVariable[]): string[] {
  const values = config as Record<string, unknown>;
  return table.flatMap(({ check }) => (check && !passes(check, values[check.field]) ? [check.message] : []));
}

function passes(check: EnvCheck, value: unknown): boolean {
  if ('min' in check) {
    return typeof value === 'number' && Number.isInteger(value) && value >= check.min && (check.max === undefined || value <= check.max);
  }
  if ('oneOf' in check) return check.oneOf.some((allowed) => allowed === value);
  const matches = (item: unknown) => typeof item === 'string' && item.match(check.pattern) !== null;
  return check.each && Array.isArray(value) ? value.every(matches) : matches(value);
}

/** The README table rows of a declaration: `| name | default | meaning |`. */
export function markdownRows(table: readonly EnvVariable[]): string[] {
  return table.map((variable) => `| \`${variable.name}\` | ${shownDefault(variable)} | ${variable.doc} |`);
}

function shownDefault(variable: EnvVariable): string {
  if (variable.shown !== undefined) return variable.shown;
  return variable.default === undefined ? 'unset' : `\`${String(variable.default)}\``;
}
