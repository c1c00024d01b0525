/**
 * The load generator, in its own process so it does not share an event loop
 * with the server under test. Receives one job per IPC message, runs autocannon
 * against a loopback URL and answers with the figures.
 */
import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './lib/load';
import { feedingRequest, TokenPool } from './lib/tokenFeed';

/** The pools of fed rows, by feed id: a row's tokens last across its runs. */
const pools = new Map<string, TokenPool>();

function run(job: LoadJob): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(job.url)) {
    return Promise.reject(new Error(`refusing a non-loopback target: ${job.url}`));
  }
  const { feed } = job;
  const pool = feed === undefined ? undefined : (pools.get(feed.id) ?? new TokenPool());
  if (feed !== undefined && pool !== undefined) {
    pools.set(feed.id, pool);
    pool.add(feed.add);
  }
  const takenBefore = pool?.taken ?? 0;
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const clients: Array<{ destroy(): void }> = [];
    let stop = () => undefined as void;
    const instance = autocannon(
      {
        url: job.url,
        method: job.method ?? 'GET',
        headers: job.headers,
        body: job.body,
        connections: job.connections,
        duration: job.seconds,
        amount: job.amount,
        timeout: 10,
        requests: feed && pool ? [feedingRequest(pool, feed.bodyPrefix, job.body ?? '', () => stop())] : undefined,
        setupClient: (client) => clients.push(client),
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        if (pool?.dry) {
          reject(new Error(`${feed!.id}: the pre-minted tokens ran out after ${pool.taken - takenBefore} requests of this run (${pool.taken} in all); none is sent twice, so the run is not measured`));
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
          fed: pool === undefined ? undefined : pool.taken - takenBefore,
        });
      },
    );
    // autocannon's own stop takes effect at its next once-a-second sample; closing every connection now sends
    // nothing more (the request being built when the pool ran dry included).
    stop = () => {
      for (const client of clients) client.destroy();
      instance.stop();
    };
  });
}

process.on('message', (message: { id: number; job: LoadJob }) => {
  run(message.job).then(
    (result) => process.send!({ id: message.id, result }),
    (error: unknown) => process.send!({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
