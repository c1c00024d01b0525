import { expect } from 'chai';
import { escapeLiteral } from 'pg';
import { committedInTurn, withLiterals } from '../../../../src/infrastructure/limits/pgSimpleQuery';

describe('pgSimpleQuery: statements in one PostgreSQL simple query', () => {
  it('writes each parameter as a literal: texts escaped by the driver, numbers as they are', () => {
    const sql = withLiterals({ sql: 'SELECT CAST($1 AS TEXT), $2, $3, $10', params: ["o'brien\\", 1_700_000_000_123, -0.25, 2, 3, 4, 5, 6, 7, 'tenth'] }, escapeLiteral);
    // The driver writes a text with a backslash as an escape string, after a space.
    expect(sql).to.equal("SELECT CAST( E'o''brien\\\\' AS TEXT), 1700000000123, -0.25, 'tenth'");
  });

  it('refuses what it cannot write safely: a NUL, a number that is not finite, another type, a missing parameter', () => {
    for (const params of [['a\0b'], [Number.NaN], [Number.POSITIVE_INFINITY], [null], [true], [5n]]) {
      expect(() => withLiterals({ sql: 'SELECT $1', params }, escapeLiteral), String(params[0])).to.throw(TypeError);
    }
    expect(() => withLiterals({ sql: 'SELECT $2', params: ['a'] }, escapeLiteral)).to.throw(RangeError, 'no parameter for $2');
    expect(() => withLiterals({ sql: 'SELECT $0', params: ['a'] }, escapeLiteral)).to.throw(RangeError, 'no parameter for $0');
  });

  it('commits each statement but the last before the next begins', () => {
    const sql = committedInTurn(
      [
        { sql: 'UPDATE t SET n = $1', params: [1] },
        { sql: 'UPDATE u SET m = $1', params: ['x'] },
        { sql: 'SELECT $1', params: [3] },
      ],
      escapeLiteral,
    );
    expect(sql).to.equal("BEGIN; UPDATE t SET n = 1; COMMIT; BEGIN; UPDATE u SET m = 'x'; COMMIT; SELECT 3");
  });

  it('leaves a lone statement as it is, with its literals', () => {
    expect(committedInTurn([{ sql: 'SELECT $1', params: ['a'] }], escapeLiteral)).to.equal("SELECT 'a'");
  });
});
