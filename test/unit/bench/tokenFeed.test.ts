import { expect } from 'chai';
import { feedingRequest, plannedRate, requestsOf, runSpan, TokenFeed, TokenPool, tokensToMint } from '../../../bench/lib/tokenFeed';

describe('bench token feed: each pre-minted token sent once, a pool that runs dry fails the run', () => {
  it('takes tokens in minting order, each once, across additions', () => {
    const pool = new TokenPool();
    pool.add(['a', 'b']);
    expect([pool.take(), pool.take()]).to.deep.equal(['a', 'b']);
    pool.add(['c']);
    expect(pool.take()).to.equal('c');
    expect(pool.taken).to.equal(3);
    expect(pool.remaining).to.equal(0);
    expect(pool.dry).to.equal(false);
  });

  it('is dry once a request finds no token, and gives none after that', () => {
    const pool = new TokenPool();
    pool.add(['a']);
    pool.take();
    expect(pool.take()).to.equal(undefined);
    expect(pool.dry).to.equal(true);
    expect(pool.taken).to.equal(1);
  });

  it('builds each request with the next token, then with the fallback body and one call to stop when dry', () => {
    const pool = new TokenPool();
    pool.add(['t1', 't2']);
    let stops = 0;
    const { setupRequest } = feedingRequest(pool, 'grant_type=refresh_token&refresh_token=', 'grant_type=refresh_token', () => stops++);
    const request = { method: 'POST', body: 'static' };

    const bodies = [1, 2, 3, 4].map(() => setupRequest(request).body);

    expect(bodies).to.deep.equal([
      'grant_type=refresh_token&refresh_token=t1',
      'grant_type=refresh_token&refresh_token=t2',
      'grant_type=refresh_token',
      'grant_type=refresh_token',
    ]);
    expect(stops).to.equal(1);
    expect(request.body).to.equal('static');
    expect(setupRequest(request).method).to.equal('POST');
  });

  it('plans a timed run for the span autocannon really runs (to its next once-a-second sample), and a bounded run for its amount', () => {
    expect(runSpan(0.12)).to.equal(2);
    expect(runSpan(2)).to.equal(3);
    expect(runSpan(8)).to.equal(9);
    expect(requestsOf({ connections: 50, seconds: 8 }, 100.5)).to.equal(905);
    expect(requestsOf({ connections: 1, seconds: 8, amount: 20 }, 100)).to.equal(20);
  });

  it('mints what the run may send plus two requests a connection, less what is left', () => {
    expect(tokensToMint({ remaining: 0, requests: 900, connections: 50 })).to.equal(1000);
    expect(tokensToMint({ remaining: 400, requests: 900, connections: 50 })).to.equal(600);
    expect(tokensToMint({ remaining: 2000, requests: 900, connections: 50 })).to.equal(0);
  });

  it('plans for margin × the fastest run so far, or × the initial rate before the first', () => {
    expect(plannedRate(undefined, 700, 2)).to.equal(1400);
    expect(plannedRate(5, 700, 2)).to.equal(10);
  });

  describe('TokenFeed', () => {
    function feed(initialRate = 100) {
      const asked: number[] = [];
      let next = 0;
      const tokenFeed = new TokenFeed({
        id: 'row',
        bodyPrefix: 'refresh_token=',
        initialRate,
        mint: async (count) => {
          asked.push(count);
          return Array.from({ length: count }, () => `t${++next}`);
        },
      });
      return { tokenFeed, asked };
    }

    it('mints for the first run at margin × the initial rate, later at margin × the fastest run, counting what is left', async () => {
      const { tokenFeed, asked } = feed(100);

      const first = await tokenFeed.forRun({ connections: 10, seconds: 2 });
      tokenFeed.ran(300, 50);
      const second = await tokenFeed.forRun({ connections: 10, seconds: 8 });

      // 2 × 100/s over 3 s + 2 × 10; then 2 × 50/s over 9 s + 20 = 920, of which 620 - 300 = 320 are left.
      expect(asked).to.deep.equal([620, 600]);
      expect(first).to.deep.include({ id: 'row', bodyPrefix: 'refresh_token=' });
      expect(first.add).to.have.length(620);
      expect(second.add[0]).to.equal('t621');
    });

    it('remembers the fastest run, not the last', async () => {
      const { tokenFeed, asked } = feed(100);
      await tokenFeed.forRun({ connections: 1, seconds: 1 });
      tokenFeed.ran(402, 200);
      tokenFeed.ran(0, 10);
      await tokenFeed.forRun({ connections: 1, seconds: 1 });
      // 2 × 100/s × 2 s + 2 = 402, all taken; then 2 × 200/s × 2 s + 2.
      expect(asked).to.deep.equal([402, 802]);
    });

    it('mints nothing when enough is left, and exactly the amount of a bounded run', async () => {
      const { tokenFeed, asked } = feed(100);
      await tokenFeed.forRun({ connections: 1, seconds: 0.1, amount: 20 });
      tokenFeed.ran(5, 1000);
      const spec = await tokenFeed.forRun({ connections: 1, seconds: 0.1, amount: 10 });
      expect(asked).to.deep.equal([22]);
      expect(spec.add).to.deep.equal([]);
    });

    it('fails when the server mints fewer tokens than asked', async () => {
      const short = new TokenFeed({ id: 'row', bodyPrefix: '', initialRate: 1, mint: async () => ['only'] });
      const error = await short.forRun({ connections: 1, seconds: 0.1, amount: 5 }).catch((caught: unknown) => caught);
      expect(String(error)).to.include('row: asked for 7 tokens, got 1');
    });
  });
});
