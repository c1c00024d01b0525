/**
 * The auth service under test, built by the same buildAuthServer as `npm start`.
 * BENCH_WORKERS=N runs N node:cluster workers on one port over one SQLite file
 * (the primary creates the key pair first so every worker loads the same one).
 */
import 'reflect-metadata';
import cluster from 'node:cluster';
import { createServer } from 'node:net';
import { loadAuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';
import { buildAuthServer } from '../../src/interfaces/composition/authServerAssembly';
import { announce, requestedPort } from '../lib/announce';

async function single(): Promise<void> {
  const auth = await buildAuthServer(loadAuthServerConfig({ ...process.env, PORT: String(requestedPort()) }));
  const address = await auth.listen();
  announce(address.port);
  process.on('SIGTERM', () => {
    auth.close().finally(() => process.exit(0));
  });
}

async function primary(workers: number): Promise<void> {
  const seed = await buildAuthServer(loadAuthServerConfig(process.env));
  await seed.close();
  const port = await freePort();
  const pids: number[] = [];
  await Promise.all(
    Array.from({ length: workers }, () => {
      const worker = cluster.fork({ PORT: String(port) });
      return new Promise<void>((resolve, reject) => {
        worker.once('message', (message: { ready?: boolean }) => {
          if (message.ready) {
            pids.push(worker.process.pid!);
            resolve();
          }
        });
        worker.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
      });
    }),
  );
  announce(port, [process.pid, ...pids]);
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const workers = Number(process.env.BENCH_WORKERS ?? '1');
(workers > 1 && cluster.isPrimary ? primary(workers) : single()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
