/**
 * The load generator, in its own process so it does not share an event loop
 * with the server under test. Receives one job per IPC message, runs autocannon
 * against a loopback URL and answers with the figures.
 */
import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './lib/load';

function run(job: LoadJob): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(job.url)) {
    return Promise.reject(new Error(`refusing a non-loopback target: ${job.url}`));
  }
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    autocannon(
      {
        url: job.url,
        method: job.method ?? 'GET',
        headers: job.headers,
        body: job.body,
        connections: job.connections,
        duration: job.seconds,
        amount: job.amount,
        timeout: 10,
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
        const answered = result['2xx'] + result.non2xx;
        resolve({
          requests: answered,
          reqPerSec: answered / elapsed,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
  });
}

process.on('message', (message: { id: number; job: LoadJob }) => {
  run(message.job).then(
    (result) => process.send!({ id: message.id, result }),
    (error: unknown) => process.send!({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
