import { expect } from 'chai';
import { IsIn, IsInt, Matches, Max, Min, validateSync } from 'class-validator';
import fc from 'fast-check';
import { AUTH_SERVER_ENV } from '../../../../src/infrastructure/config/authServerEnv';
import { CLIENT_DEMO_ENV } from '../../../../src/infrastructure/config/clientDemoEnv';
import { declaredProblems, type EnvVariable } from '../../../../src/infrastructure/config/envDeclaration';

/**
 * What class-validator says about a declaration (the checks the plain ones replaced at start-up). The
 * decorated class is made once per table: class-validator keeps every class's rules in one global
 * store, and a class per call made each validation slower than the last.
 */
function classValidatorFor(table: readonly EnvVariable[]): (values: Record<string, unknown>) => string[] {
  class Target {}
  for (const { check } of table) {
    if (!check) continue;
    const message = { message: check.message };
    if ('min' in check) {
      IsInt(message)(Target.prototype, check.field);
      Min(check.min, message)(Target.prototype, check.field);
      if (check.max !== undefined) Max(check.max, message)(Target.prototype, check.field);
    } else if ('oneOf' in check) {
      IsIn([...check.oneOf], message)(Target.prototype, check.field);
    } else {
      Matches(check.pattern, { ...message, each: check.each ?? false })(Target.prototype, check.field);
    }
  }
  return (values) => [...new Set(validateSync(Object.assign(new Target(), values)).flatMap((error) => Object.values(error.constraints ?? {})))];
}

/** Values near every declared rule's edges, plus the kinds a loader can produce (NaN, strings passed on, lists). */
function valueFor(variable: EnvVariable): fc.Arbitrary<unknown> {
  const check = variable.check!;
  const any = fc.oneof(fc.constant(undefined), fc.constant(Number.NaN), fc.string(), fc.boolean(), fc.double());
  if ('min' in check) {
    const max = check.max ?? check.min + 1000;
    return fc.oneof(fc.integer({ min: check.min - 2, max: max + 2 }), fc.constantFrom(check.min, max, check.min - 1, max + 1, 1.5), any);
  }
  if ('oneOf' in check) return fc.oneof(fc.constantFrom(...check.oneOf), any);
  const texts = fc.oneof(fc.constantFrom('auth', 'a/b', '/a/**', '/x/{id}', 'sqlite::memory:', 'postgres://h/db', '', ' ', 'a//b', '/ok', 'bad path'), fc.string());
  return check.each ? fc.oneof(fc.array(texts, { maxLength: 3 }), texts, any) : fc.oneof(texts, any);
}

describe('declared configuration checks (plain, as class-validator judged them)', () => {
  for (const [name, table] of [['auth service', AUTH_SERVER_ENV], ['demo client', CLIENT_DEMO_ENV]] as const) {
    const checked = table.filter((variable) => variable.check);

    it(`gives the same messages as class-validator, in the same order, for the ${name}'s variables`, () => {
      const values = fc.record(Object.fromEntries(checked.map((variable) => [variable.check!.field, valueFor(variable)])));
      const classValidatorProblems = classValidatorFor(table);
      fc.assert(
        fc.property(values, (config) => {
          expect(declaredProblems(config, table)).to.deep.equal(classValidatorProblems(config));
        }),
        { numRuns: 500 },
      );
    });
  }

  it('reports nothing for the declared defaults of the numbers and choices', () => {
    const config = Object.fromEntries(AUTH_SERVER_ENV.filter((v) => v.check && ('min' in v.check || 'oneOf' in v.check) && v.default !== undefined).map((v) => [v.check!.field, v.default]));
    const problems = declaredProblems(config, AUTH_SERVER_ENV.filter((v) => v.check && v.check.field in config));
    expect(problems).to.deep.equal([]);
  });
});
