import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV_TABLES, markdownTable, withGeneratedTables } from '../../infrastructure/config/envDocs';
import { projectRoot } from '../../infrastructure/config/projectRoot';

/**
 * `npm run docs:config`: prints the README's environment tables from the
 * declarations; with `--write` it replaces them in README.md.
 */
function main(): void {
  if (process.argv.includes('--write')) {
    const path = join(projectRoot(), 'README.md');
    writeFileSync(path, withGeneratedTables(readFileSync(path, 'utf8')));
    return;
  }
  for (const { marker, declaration, first } of ENV_TABLES) {
    process.stdout.write(`${marker}\n${markdownTable(declaration, first).join('\n')}\n\n`);
  }
}

main();
