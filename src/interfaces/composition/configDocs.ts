import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV_TABLES, markdownTable, withGeneratedTables } from '../../infrastructure/config/envDocs';
import { projectRoot } from '../../infrastructure/config/projectRoot';

/** The files that hold the environment tables (marked `<!-- env-table: … -->`). */
const TABLE_FILES = ['docs/configuration.md', 'docs/client.md'];

/**
 * `npm run docs:config`: prints the environment tables of the docs from the
 * declarations; with `--write` it replaces them in TABLE_FILES.
 */
function main(): void {
  if (process.argv.includes('--write')) {
    for (const file of TABLE_FILES) {
      const path = join(projectRoot(), file);
      writeFileSync(path, withGeneratedTables(readFileSync(path, 'utf8')));
    }
    return;
  }
  for (const { marker, declaration, first } of ENV_TABLES) {
    process.stdout.write(`${marker}\n${markdownTable(declaration, first).join('\n')}\n\n`);
  }
}

main();
