/** A statement with `$n` placeholders and its parameters, as node-postgres takes them. */
export interface ParametrizedStatement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** How a text becomes a PostgreSQL string literal: node-postgres's `escapeLiteral`. */
export type EscapeText = (text: string) => string;

/**
 * Statements as one PostgreSQL simple query, one round trip: each but the
 * last in a transaction of its own, committed before the next begins (so
 * no row lock is held across them, and two such queries cannot deadlock on
 * each other's rows). The extended protocol takes one statement per round
 * trip, so the parameters are written into the text as literals.
 */
export function committedInTurn(statements: readonly ParametrizedStatement[], escapeText: EscapeText): string {
  return statements
    .map((statement, index) => {
      const sql = withLiterals(statement, escapeText);
      return index < statements.length - 1 ? `BEGIN; ${sql}; COMMIT` : sql;
    })
    .join('; ');
}

/** The statement with each `$n` replaced by its parameter as a literal (texts and finite numbers only). */
export function withLiterals({ sql, params }: ParametrizedStatement, escapeText: EscapeText): string {
  return sql.replace(/\$(\d+)/g, (placeholder, position: string) => {
    const index = Number(position) - 1;
    if (index < 0 || index >= params.length) throw new RangeError(`no parameter for ${placeholder}`);
    return literal(params[index], escapeText);
  });
}

function literal(value: unknown, escapeText: EscapeText): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  // A NUL would end the query's text early on the wire: PostgreSQL's texts cannot hold it anyway.
  if (typeof value === 'string' && !value.includes('\0')) return escapeText(value);
  throw new TypeError('a parameter written as a literal is a text without NUL or a finite number');
}
