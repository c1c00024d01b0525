import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SRC = join(ROOT, 'src');

let buildIsFresh: boolean | undefined;

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourcesOf(join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [join(dir, entry.name)] : [],
  );
}

/** True when every file under src/ has a compiled twin in dist/ at least as new (as after `npm run build`, which `npm test` runs first). */
export function distIsFresh(): boolean {
  buildIsFresh ??= sourcesOf(SRC).every((source) => {
    const compiled = join(ROOT, 'dist', relative(ROOT, source)).replace(/\.ts$/, '.js');
    return existsSync(compiled) && statSync(compiled).mtimeMs >= statSync(source).mtimeMs;
  });
  return buildIsFresh;
}

/**
 * Node arguments that run an entry point under src/ as a separate process:
 * the compiled file in dist/ when the build is fresh (what `npm start` runs,
 * and several times quicker to start), otherwise the source through ts-node.
 */
export function nodeArgsFor(sourceEntry: string): string[] {
  if (distIsFresh()) return [join(ROOT, 'dist', relative(ROOT, sourceEntry)).replace(/\.ts$/, '.js')];
  return ['-r', 'ts-node/register/transpile-only', sourceEntry];
}
