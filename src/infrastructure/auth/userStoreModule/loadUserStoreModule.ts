import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { UserStoreModule } from './UserStoreModule';

/** A module that loaded and exports the contract's functions, and how to name it in messages and logs. */
export interface LoadedUserStoreModule {
  /** The path as configured (`AUTH_USER_STORE=module:<path>`). */
  readonly name: string;
  /** Where it was loaded from. */
  readonly file: string;
  readonly authenticate: UserStoreModule['authenticate'];
  readonly findById: NonNullable<UserStoreModule['findById']> | null;
}

/** The module cannot serve as a user store; the message names it and says why. Stops the start-up. */
export class UserStoreModuleLoadError extends Error {
  override readonly name = 'UserStoreModuleLoadError';
}

/**
 * Node's own `import()`: it loads CommonJS and ESM modules alike. Written so
 * that the compiler, which turns `import()` into `require()` in this CommonJS
 * build, leaves it alone (`require` cannot load ESM on Node 20).
 */
const nativeImport = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<Record<string, unknown>>;

/**
 * Loads a user-store module, its path relative to `cwd` (the process's working
 * directory, as the operator wrote it), and checks its exports: named
 * `authenticate` (and optional `findById`), or the same on its default export
 * (`module.exports = {…}`, `export default {…}`).
 */
export async function loadUserStoreModule(path: string, cwd: string = process.cwd()): Promise<LoadedUserStoreModule> {
  const file = isAbsolute(path) ? path : resolve(cwd, path);
  const named = `AUTH_USER_STORE module ${JSON.stringify(path)}`;
  let namespace: Record<string, unknown>;
  try {
    namespace = await nativeImport(pathToFileURL(file).href);
  } catch (error) {
    const reason = existsSync(file) ? loadFailure(error, file) : 'there is no such file';
    throw new UserStoreModuleLoadError(`${named} cannot be loaded from ${file}: ${reason}`, { cause: error });
  }
  const exports = storeExports(namespace);
  if (exports === null) {
    throw new UserStoreModuleLoadError(`${named} does not export authenticate(username, password) as a function (named, or on its default export)`);
  }
  const { authenticate, findById } = exports;
  if (findById !== undefined && typeof findById !== 'function') {
    throw new UserStoreModuleLoadError(`${named} exports findById, but as ${typeof findById}, not a function`);
  }
  return {
    name: path,
    file,
    authenticate: authenticate.bind(exports.self) as LoadedUserStoreModule['authenticate'],
    findById: typeof findById === 'function' ? (findById.bind(exports.self) as LoadedUserStoreModule['findById']) : null,
  };
}

/**
 * Why an existing file did not load. A package the module imports resolves from the module's own folder upward,
 * not from this service's node_modules: a module kept in the team's own folder must have its packages installed there.
 */
function loadFailure(error: unknown, file: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const missing = /^Cannot find (?:module|package) '([^'./][^']*)'/.exec(message)?.[1];
  if (missing === undefined) return message.split('\n')[0];
  const name = missing.startsWith('@') ? missing.split('/').slice(0, 2).join('/') : missing.split('/')[0];
  return (
    `it imports the package '${name}', which is not installed where the module can find it ` +
    `(node_modules folders from ${dirname(file)} upward; this service's own packages are not on that path): ` +
    `run npm install ${name} in ${dirname(file)}, or keep the module inside this service's folder`
  );
}

interface StoreExports {
  readonly self: object;
  readonly authenticate: (...args: unknown[]) => unknown;
  readonly findById: unknown;
}

/**
 * The default export's properties when they hold `authenticate`, else the named
 * exports; null when neither does. The default export first: for a CommonJS
 * module it is `module.exports` itself, while its named exports are only what
 * Node's static analysis could find (it may miss `findById`).
 */
function storeExports(namespace: Record<string, unknown>): StoreExports | null {
  for (const candidate of [namespace.default, namespace]) {
    if (typeof candidate !== 'object' && typeof candidate !== 'function') continue;
    if (candidate === null) continue;
    const source = candidate as Record<string, unknown>;
    if (typeof source.authenticate === 'function') {
      return { self: source, authenticate: source.authenticate as StoreExports['authenticate'], findById: source.findById };
    }
  }
  return null;
}
