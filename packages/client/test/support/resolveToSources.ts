/**
 * Loaded (`--require`) by the client package's mutation run only (stryker.client.config.json):
 * the package's tests import its public entry points (`@auth-service/client`, `/testing`,
 * `/inversify`), which normally resolve through node_modules to the compiled `dist/`. Stryker
 * mutates the sources in its sandbox copy, so for that run the entry points are pointed at the
 * sandbox's `src/` files next to this one; otherwise the tests would exercise the unmutated
 * build and every mutant would survive.
 */
import Module from 'node:module';
import { join } from 'node:path';

const SOURCES = join(__dirname, '..', '..', 'src');
const ENTRY_POINTS: Readonly<Record<string, string>> = {
  '@auth-service/client': join(SOURCES, 'index.ts'),
  '@auth-service/client/testing': join(SOURCES, 'testing.ts'),
  '@auth-service/client/inversify': join(SOURCES, 'inversify.ts'),
};

type ResolveFilename = (request: string, ...rest: unknown[]) => string;
const moduleInternals = Module as unknown as { _resolveFilename: ResolveFilename };
const resolveFilename = moduleInternals._resolveFilename;
moduleInternals._resolveFilename = function resolveToSources(request: string, ...rest: unknown[]): string {
  return resolveFilename.call(this, ENTRY_POINTS[request] ?? request, ...rest);
};
