import { AUTH_SERVER_ENV } from './authServerEnv';
import { CLIENT_DEMO_ENV } from './clientDemoEnv';
import { CLIENT_LIBRARY_OPTIONS } from './clientOptionsDocs';
import { markdownRows, type EnvVariable } from './envDeclaration';

/** Each process's declaration and the README marker its table follows. */
export const ENV_TABLES: readonly { readonly marker: string; readonly declaration: readonly EnvVariable[]; readonly first?: string }[] = [
  { marker: '<!-- env-table: client-demo -->', declaration: CLIENT_DEMO_ENV },
  { marker: '<!-- env-table: auth-server -->', declaration: AUTH_SERVER_ENV },
  { marker: '<!-- env-table: client-library -->', declaration: CLIENT_LIBRARY_OPTIONS, first: 'Option' },
];


/** The whole markdown table of a declaration, header included. */
export function markdownTable(declaration: readonly EnvVariable[], first = 'Variable'): string[] {
  return [`| ${first} | Default | Meaning |`, '|---|---|---|', ...markdownRows(declaration)];
}

/** The table lines that follow `marker` in a README (empty when the marker is missing). */
export function readmeTable(readme: string, marker: string): string[] {
  const lines = readme.split('\n');
  const start = lines.indexOf(marker);
  if (start < 0) return [];
  const table: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('|')) break;
    table.push(line);
  }
  return table;
}

/** The README with every marked table replaced by the one generated from its declaration. */
export function withGeneratedTables(readme: string): string {
  let result = readme;
  for (const { marker, declaration, first } of ENV_TABLES) {
    const old = readmeTable(result, marker);
    if (old.length === 0 && !result.includes(marker)) continue;
    result = result.replace(`${marker}\n${old.join('\n')}`, `${marker}\n${markdownTable(declaration, first).join('\n')}`);
  }
  return result;
}
