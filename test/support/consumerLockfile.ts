import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

interface Lockfile {
  packages: Record<string, LockEntry>;
}

/** Where node would find `name` when required from the package at `location` (a lockfile key). */
function locate(packages: Record<string, LockEntry>, location: string, name: string): string | undefined {
  let from = location;
  for (;;) {
    const candidate = `${from === '' ? '' : `${from}/`}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (from === '') return undefined;
    const cut = from.lastIndexOf('/node_modules/');
    from = cut < 0 ? '' : from.slice(0, cut);
  }
}

function requiredNames(entry: LockEntry): string[] {
  const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional);
  return [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...peers];
}

/**
 * A package-lock.json for a consumer of the packed client: the tarball plus the exact versions the
 * repository's own lockfile resolved (same layout), so `npm install --offline` finds every tarball in
 * the npm cache by its integrity. Without a lockfile npm would need each package's registry metadata,
 * which `npm ci` never stores in the cache.
 */
export function consumerLockfile(rootLockPath: string, tarball: string, consumer: { name: string; dependencies: Record<string, string> }): object {
  const root = (JSON.parse(readFileSync(rootLockPath, 'utf8')) as Lockfile).packages;
  const clientWorkspace = root['packages/client'];
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const { name: _name, ...clientFields } = clientWorkspace;
  const packages: Record<string, LockEntry> = {
    '': { name: consumer.name, version: '1.0.0', dependencies: consumer.dependencies },
    'node_modules/@auth-service/client': { ...clientFields, resolved: `file:${basename(tarball)}`, integrity },
  };
  const pending = [
    ...Object.keys(consumer.dependencies).filter((name) => name !== '@auth-service/client').map((name) => ({ from: '', name })),
    ...requiredNames(clientWorkspace).map((name) => ({ from: 'node_modules/@auth-service/client', name })),
  ];
  while (pending.length > 0) {
    const { from, name } = pending.pop()!;
    const location = locate(root, from === 'node_modules/@auth-service/client' ? '' : from, name);
    if (!location) throw new Error(`${name} (needed by ${from || 'the consumer'}) is not in the repository's lockfile`);
    if (packages[location]) continue;
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = root[location];
    packages[location] = entry;
    for (const next of requiredNames(entry)) pending.push({ from: location, name: next });
  }
  return { name: consumer.name, version: '1.0.0', lockfileVersion: 3, requires: true, packages };
}
