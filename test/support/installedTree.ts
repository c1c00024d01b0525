import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** What an npm install put into a node_modules directory. */
export interface InstalledTree {
  /** Total size of every file, in bytes (symbolic links not followed). */
  readonly bytes: number;
  /** Names of the installed packages, nested ones included (a name may repeat). */
  readonly packages: string[];
  /** Paths of native addons (`*.node`) and native build files (`binding.gyp`). */
  readonly nativeFiles: string[];
}

/** Walks a node_modules tree: its size, its packages and any native module in it. */
export function measureInstalledTree(nodeModules: string): InstalledTree {
  const tree = { bytes: 0, packages: [] as string[], nativeFiles: [] as string[] };
  walk(nodeModules, tree);
  return tree;
}

function walk(dir: string, tree: { bytes: number; packages: string[]; nativeFiles: string[] }): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      if (dir.endsWith('node_modules') || /node_modules\/@[^/]+$/.test(dir)) {
        if (existsSync(join(path, 'package.json'))) tree.packages.push(/\/(@[^/]+\/[^/]+)$/.exec(path)?.[1] ?? entry.name);
      }
      walk(path, tree);
    } else {
      tree.bytes += lstatSync(path).size;
      if (entry.name.endsWith('.node') || entry.name === 'binding.gyp') tree.nativeFiles.push(path);
    }
  }
}
