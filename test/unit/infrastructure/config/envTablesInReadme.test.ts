import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { AUTH_SERVER_ENV } from '../../../../src/infrastructure/config/authServerEnv';
import { loadAuthServerConfig } from '../../../../src/infrastructure/config/AuthServerConfig';
import { CLIENT_DEMO_ENV } from '../../../../src/infrastructure/config/clientDemoEnv';
import { CLIENT_LIBRARY_OPTIONS } from '../../../../src/infrastructure/config/clientOptionsDocs';
import { ENV_TABLES, markdownTable, readmeTable } from '../../../../src/infrastructure/config/envDocs';
import { ConfigError } from '@auth-service/client';
import { EXAMPLE_BASE_URL } from '../../../../src/interfaces/http/openapi/examples';

const ROOT = join(__dirname, '..', '..', '..', '..');
/**
 * The README and the reference in docs/ it links to, as one text: the tables live in
 * docs/configuration.md and docs/client.md, and other pages repeat some defaults.
 */
const README = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)]
  .map((file) => readFileSync(join(ROOT, file), 'utf8'))
  .join('\n');
const README_AND_DOCS = README;

describe('README environment tables and the declarations', () => {
  for (const { marker, declaration, first } of ENV_TABLES) {
    it(`the table after ${marker} is the one generated from its declaration (names, defaults, order)`, () => {
      expect(readmeTable(README, marker)).to.deep.equal(markdownTable(declaration, first));
    });
  }

  it('notices a README row whose default differs from the declaration', () => {
    const changed = README.replace('| `AUTH_HASH_QUEUE` | `4` |', '| `AUTH_HASH_QUEUE` | `5` |');
    expect(readmeTable(changed, '<!-- env-table: auth-server -->')).not.to.deep.equal(markdownTable(AUTH_SERVER_ENV));
  });

  it('finds all three tables in the README', () => {
    for (const { marker } of ENV_TABLES) expect(readmeTable(README, marker).length).to.be.greaterThan(2);
  });

  it('declares every variable once per process', () => {
    for (const declaration of [AUTH_SERVER_ENV, CLIENT_DEMO_ENV]) {
      const names = declaration.map((variable) => variable.name);
      expect(new Set(names).size).to.equal(names.length);
    }
  });

  it('the loader takes its defaults from the declaration', () => {
    const config = loadAuthServerConfig({});
    expect(config.port).to.equal(AUTH_SERVER_ENV.find((v) => v.name === 'PORT')?.default);
    expect(config.hashQueue).to.equal(AUTH_SERVER_ENV.find((v) => v.name === 'AUTH_HASH_QUEUE')?.default);
  });

  it('the validation messages come from the declaration, all problems together', () => {
    const declared = (name: string): string | undefined => AUTH_SERVER_ENV.find((v) => v.name === name)?.check?.message;
    try {
      loadAuthServerConfig({ AUTH_HASH_QUEUE: '-1', AUTH_RSA_BITS: 'big' });
      expect.fail('expected a ConfigError');
    } catch (error) {
      expect(error).to.be.instanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).to.include(declared('AUTH_HASH_QUEUE'));
      expect(message).to.include(declared('AUTH_RSA_BITS'));
    }
  });

  it('the OpenAPI examples use the declared default PORT and AUTH_CONTEXT_PATH', () => {
    const config = loadAuthServerConfig({});
    expect(EXAMPLE_BASE_URL).to.equal(`http://localhost:${config.port}/${config.contextPath}`);
  });

  it('other README tables that repeat an auth-service default repeat the declared one', () => {
    const declared = new Map(AUTH_SERVER_ENV.map((v) => [v.name, markdownTable([v])[2]?.split(' | ')[1]]));
    const clientRows = new Set(readmeTable(README, '<!-- env-table: client-demo -->'));
    const rows = README_AND_DOCS.split('\n').filter((line) => /^\| `[A-Z_]+` \| /.test(line) && !clientRows.has(line));
    const checked = rows.filter((row) => declared.has(row.slice(3, row.indexOf('`', 3))));
    for (const row of checked) {
      expect(row.split(' | ')[1], row).to.equal(declared.get(row.slice(3, row.indexOf('`', 3))));
    }
    expect(checked.length).to.be.greaterThan(AUTH_SERVER_ENV.length);
  });

  it('the demo client declares a variable for every client-library option', () => {
    const mapped = CLIENT_DEMO_ENV.flatMap((v) => (v.option ? [v.option] : [])).sort();
    expect(mapped).to.deep.equal(CLIENT_LIBRARY_OPTIONS.map((option) => option.name).sort());
  });
});
