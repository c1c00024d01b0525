import type { BoundedProcessCache } from './BoundedProcessCache';

/**
 * The store adapter itself, whose `writes` empty `caches` in this process
 * once they end (succeeded or not: a failed write may still have committed),
 * so this process reads its own writes at once; the other processes hear of
 * them from the store's change feed. Writes are rare: emptying the whole
 * cache spares knowing which entries a write touched (an account names a
 * user's entry by account, not by id).
 */
export function droppingOnWrites<T extends object>(adapter: T, writes: ReadonlyArray<keyof T & string>, caches: ReadonlyArray<BoundedProcessCache<unknown>>): T {
  const dropping = new Map<PropertyKey, (...args: unknown[]) => Promise<unknown>>();
  for (const name of writes) {
    const method = adapter[name] as unknown;
    if (typeof method !== 'function') throw new TypeError(`${name} is no method of the adapter`);
    dropping.set(name, async (...args: unknown[]) => {
      try {
        return await (method as (...args: unknown[]) => Promise<unknown>).apply(adapter, args);
      } finally {
        for (const cache of caches) cache.dropAll();
      }
    });
  }
  return new Proxy(adapter, {
    get: (target, property, receiver) => dropping.get(property) ?? (Reflect.get(target, property, receiver) as unknown),
  });
}
