import { execFile } from 'node:child_process';
import { join } from 'node:path';

const DIST = join(__dirname, '..', '..', 'dist');

/** A JavaScript expression, for a probe script: the npm packages in the process's require cache. */
export const LOADED_PACKAGES = `[...new Set(Object.keys(require.cache).map((f) => (/node_modules\\/((@[^/]+\\/)?[^/]+)\\//.exec(f) || [])[1]).filter(Boolean))]`;

/** A JavaScript expression, for a probe script: the service's own compiled modules in the require cache, as `src/…` paths. */
export const LOADED_OWN_MODULES = `Object.keys(require.cache).filter((f) => !f.includes('node_modules') && f.includes('/dist/src/')).map((f) => f.slice(f.indexOf('/dist/src/') + 6))`;

/** What a fresh process of the compiled service had loaded, before and after some requests. */
export interface LoadedPackages {
  /** npm packages loaded once the service is built (start-up done). */
  readonly afterStart: string[];
  /** npm packages loaded once `requests` have been answered. */
  readonly afterFirstUse: string[];
  /** The service's own modules (`src/…js`) loaded once the service is built, and once the requests were answered. */
  readonly ownAfterStart: string[];
  readonly ownAfterFirstUse: string[];
  /** The status of each request, in order. */
  readonly statuses: number[];
}

export interface ProbeRequest {
  readonly path: string;
  /** Sent as a JSON POST body; no body is a GET. */
  readonly body?: unknown;
}

/**
 * Builds the compiled auth service (`npm run build` first; npm test builds) in a fresh process with
 * `env` over test defaults, lists the npm packages in its require cache, sends `requests` in turn and
 * lists them again.
 */
export function probeLoadedPackages(env: Record<string, string>, requests: readonly ProbeRequest[]): Promise<LoadedPackages> {
  // No proxy in front: closing need not leave the idle keep-alive connections of fetch 5 s.
  const config = { PORT: '0', LOG_LEVEL: 'silent', AUTH_ISSUER: 'http://localhost/auth', AUTH_SHUTDOWN_IDLE_CLOSE_MS: '0', ...env };
  const script = `
    require('reflect-metadata');
    const { buildAuthServer } = require(${JSON.stringify(join(DIST, 'src/interfaces/composition/authServerAssembly.js'))});
    const { loadAuthServerConfig } = require(${JSON.stringify(join(DIST, 'src/infrastructure/config/AuthServerConfig.js'))});
    const loaded = () => ${LOADED_PACKAGES};
    const own = () => ${LOADED_OWN_MODULES};
    (async () => {
      const auth = await buildAuthServer(loadAuthServerConfig(${JSON.stringify(config)}));
      const afterStart = loaded();
      const ownAfterStart = own();
      const { port } = await auth.listen(0);
      const statuses = [];
      for (const { path, body } of ${JSON.stringify(requests)}) {
        const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
        statuses.push((await fetch('http://127.0.0.1:' + port + path, init)).status);
      }
      const afterFirstUse = loaded();
      const ownAfterFirstUse = own();
      await auth.close();
      console.log(JSON.stringify({ afterStart, afterFirstUse, ownAfterStart, ownAfterFirstUse, statuses }));
    })().catch((error) => { console.error(error); process.exit(1); });`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script], { timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout.trim().split('\n').pop()!) as LoadedPackages);
    });
  });
}
