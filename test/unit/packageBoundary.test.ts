import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'chai';

const ROOT = join(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** The service is one more user of the client package: it takes the package's public entry points, never its insides. */
describe('the service and the client package', () => {
  it('imports the package only through its public entry points: @auth-service/client, /inversify and /testing (src and bench)', () => {
    const offenders = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'bench'))].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)]
        .map((match) => match[1])
        .filter((target) => /packages\/client|@auth-service\/client\/(?!(inversify|testing)$)/.test(target))
        .map((target) => `${relative(ROOT, file)}: ${target}`),
    );
    expect(offenders).to.deep.equal([]);
  });
});
