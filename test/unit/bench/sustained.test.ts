import { expect } from 'chai';
import type { LoadGenerator, LoadJob, LoadResult } from '../../../bench/lib/load';
import type { RunningServer } from '../../../bench/lib/processes';
import { sustained, sustainedRows, type SustainedOptions, type Target } from '../../../bench/lib/sustained';
import type { FeedSpec, RunBound } from '../../../bench/lib/tokenFeed';

const OPTIONS: SustainedOptions = { warmupSeconds: 0.5, seconds: 2, connections: 50, rounds: 2 };

function server(): RunningServer {
  let cpu = 0;
  return {
    port: 1,
    pids: [],
    rss: () => 0,
    cpuNs: () => (cpu += 1e9),
    memory: () => Promise.reject(new Error('unused')),
    ask: () => Promise.reject(new Error('unused')),
    stop: async () => undefined,
  };
}

/** A load generator that answers each job from `answer` (by URL) and records the jobs it ran. */
function loadOf(answer: (job: LoadJob) => Partial<LoadResult> | Error) {
  const jobs: LoadJob[] = [];
  const load = {
    run: async (job: LoadJob): Promise<LoadResult> => {
      jobs.push(job);
      const result = answer(job);
      if (result instanceof Error) throw result;
      return { requests: 100, reqPerSec: 50, p50: 1, p99: 2, errors: 0, non2xx: 0, ...result };
    },
  };
  return { load: load as unknown as LoadGenerator, jobs };
}

describe('bench sustained runs: a failing row', () => {
  it('fails the whole call in sustained (strict), naming the target and the round', async () => {
    const { load } = loadOf((job) => (job.url === 'b' && job.seconds === 2 ? { non2xx: 3 } : {}));
    const targets: Target[] = [
      { label: 'A', server: server(), job: { url: 'a' } },
      { label: 'B', server: server(), job: { url: 'b' } },
    ];
    const error = await sustained(load, targets, OPTIONS, () => undefined).catch((caught: unknown) => caught);
    expect(String(error)).to.include('B: 0 errors, 3 non-2xx of 100 requests in round 1');
  });

  it('is taken out in sustainedRows: the others measured in every round, the failed one not run again, its reason returned', async () => {
    const { load, jobs } = loadOf((job) => (job.url === 'b' && job.seconds === 2 ? { errors: 4 } : {}));
    const lines: string[] = [];
    const targets: Target[] = [
      { label: 'A', server: server(), job: { url: 'a' } },
      { label: 'B', server: server(), job: { url: 'b' } },
    ];

    const { measured, failed } = await sustainedRows(load, targets, OPTIONS, (line) => lines.push(line));

    expect([...failed]).to.deep.equal([['B', '4 errors, 0 non-2xx of 100 requests in round 1']]);
    expect([...measured.keys()]).to.deep.equal(['A']);
    expect(measured.get('A')!.rounds).to.deep.equal([50, 50]);
    // Round 1: A warm-up, A, B warm-up, B (failed); round 2 (reversed): A warm-up, A.
    expect(jobs.map((job) => `${job.url}${job.seconds}`)).to.deep.equal(['a0.5', 'a2', 'b0.5', 'b2', 'a0.5', 'a2']);
    expect(lines).to.include('  B: FAILED, 4 errors, 0 non-2xx of 100 requests in round 1');
  });

  it('takes out a target whose run is refused (its tokens ran out), with the load generator\'s message', async () => {
    const { load } = loadOf((job) => (job.url === 'b' ? new Error('b: the pre-minted tokens ran out') : {}));
    const targets: Target[] = [
      { label: 'A', server: server(), job: { url: 'a' } },
      { label: 'B', server: server(), job: { url: 'b' } },
    ];
    const { measured, failed } = await sustainedRows(load, targets, OPTIONS, () => undefined);
    expect(failed.get('B')).to.equal('b: the pre-minted tokens ran out');
    expect(measured.has('A')).to.equal(true);
  });

  it('fails a target no request of which was answered', async () => {
    const { load } = loadOf(() => ({ requests: 0, reqPerSec: 0 }));
    const { failed } = await sustainedRows(load, [{ label: 'A', server: server(), job: { url: 'a' } }], OPTIONS, () => undefined);
    expect(failed.get('A')).to.equal('no request answered');
  });
});

describe('bench sustained runs: a fed row', () => {
  function feed() {
    const calls: string[] = [];
    return {
      calls,
      forRun: async (run: RunBound): Promise<FeedSpec> => {
        calls.push(`forRun ${run.seconds}s${run.amount === undefined ? '' : ` ×${run.amount}`} @${run.connections}`);
        return { id: 'row', bodyPrefix: 'refresh_token=', add: ['t'] };
      },
      ran: (taken: number, rate: number) => {
        calls.push(`ran ${taken} at ${rate}`);
      },
    };
  }

  it('mints before every run (warm-up and measured) and hands the feed to the job; the CPU is read after minting', async () => {
    const tokenFeed = feed();
    let cpuReads = 0;
    const measuredServer = { ...server(), cpuNs: () => ++cpuReads * 1e9 };
    const { load, jobs } = loadOf(() => ({ fed: 7 }));
    await sustainedRows(load, [{ label: 'R', server: measuredServer, job: { url: 'r' }, feed: tokenFeed }], { ...OPTIONS, rounds: 1 }, () => undefined);
    expect(tokenFeed.calls).to.deep.equal(['forRun 0.5s @50', 'ran 7 at 50', 'forRun 2s @50', 'ran 7 at 50']);
    expect(jobs.map((job) => job.feed?.id)).to.deep.equal(['row', 'row']);
    expect(cpuReads).to.equal(2);
  });

  it('sends the fixed budget of `fed` over its connections instead of a timed run, for fed targets only', async () => {
    const tokenFeed = feed();
    const { load, jobs } = loadOf(() => ({}));
    const fed = { requests: 20, connections: 1 };
    await sustained(
      load,
      [
        { label: 'R', server: server(), job: { url: 'r' }, feed: tokenFeed },
        { label: 'A', server: server(), job: { url: 'a' } },
      ],
      { ...OPTIONS, rounds: 1, fed },
      () => undefined,
    );
    expect(tokenFeed.calls.filter((call) => call.startsWith('forRun'))).to.deep.equal(['forRun 0.5s ×20 @1', 'forRun 2s ×20 @1']);
    expect(jobs.map((job) => [job.url, job.amount, job.connections])).to.deep.equal([
      ['r', 20, 1],
      ['r', 20, 1],
      ['a', undefined, 50],
      ['a', undefined, 50],
    ]);
  });
});
