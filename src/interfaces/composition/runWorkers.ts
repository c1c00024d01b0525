import cluster, { type Worker } from 'node:cluster';

export interface WorkerLog {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * Runs a service root in `count` processes sharing one listening port
 * (node:cluster). With a count of 1, or inside a worker, it simply runs
 * `start` here. Otherwise this process becomes the primary: it forks the
 * workers (which run the same script and so reach `start`), replaces a worker
 * that dies after it was serving, forwards SIGTERM/SIGINT, and exits once every
 * worker has stopped: 0 after a clean shutdown, 1 when a worker failed to start
 * (the worker has already said why on stderr). `log` (a pino logger fits)
 * hears about workers starting, dying and stopping.
 */
export async function runWorkers(count: number, start: () => Promise<void>, log: WorkerLog = SILENT): Promise<void> {
  if (count <= 1 || cluster.isWorker) return start();
  superviseWorkers(count, log);
}

const SILENT: WorkerLog = { info: () => undefined, error: () => undefined };

function superviseWorkers(count: number, log: WorkerLog): void {
  const serving = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };

  cluster.on('listening', (worker) => serving.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    const wasServing = serving.delete(worker);
    if (!stopping && wasServing) {
      log.error({ pid: worker.process.pid, code, signal }, 'worker died; starting a replacement');
      cluster.fork();
    } else if (!stopping) {
      // A worker that never got to serve will not do better when restarted (bad database, port taken).
      log.error({ pid: worker.process.pid, code, signal }, 'worker failed to start; stopping');
      stopAll(1);
    } else if (code !== 0 && signal !== 'SIGTERM') {
      exitCode = 1;
    }
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  });

  const onSignal = (signal: NodeJS.Signals) => {
    log.info({ signal, workers: count }, 'stopping workers');
    stopAll(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  log.info({ workers: count, pid: process.pid }, 'starting workers');
  // Workers run with the primary's node flags (the start script's --max-semi-space-size): said here, not left to cluster's default.
  cluster.setupPrimary({ execArgv: process.execArgv });
  for (let i = 0; i < count; i++) cluster.fork();
}
