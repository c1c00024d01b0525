import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';

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

/** Applies each declared check to `target` as class-validator decorators, so the rules live only in the table. */
export function applyDeclaredChecks(target: object, table: readonly EnvVariable[]): void {
  for (const { check } of table) {
    if (!check) continue;
    const message = { message: check.message };
    if ('min' in check) {
      IsInt(message)(target, check.field);
      Min(check.min, message)(target, check.field);
      if (check.max !== undefined) Max(check.max, message)(target, check.field);
    } else if ('oneOf' in check) {
      IsIn([...check.oneOf], message)(target, check.field);
    } else {
      Matches(check.pattern, { ...message, each: check.each ?? false })(target, check.field);
    }
  }
}

/** The README table rows of a declaration: `| name | default | meaning |`. */
export function markdownRows(table: readonly EnvVariable[]): string[] {
  return table.map((variable) => `| \`${variable.name}\` | ${shownDefault(variable)} | ${variable.doc} |`);
}

function shownDefault(variable: EnvVariable): string {
  if (variable.shown !== undefined) return variable.shown;
  return variable.default === undefined ? 'unset' : `\`${String(variable.default)}\``;
}
