import { expect } from 'chai';
import { PolledChangeFeed } from '../../../../../src/infrastructure/persistence/cache/PolledChangeFeed';
import { InMemoryStoreChangeTable } from '../../../../support/InMemoryStoreChangeTable';
import { ManualTimeouts } from '../../../../support/ManualTimeouts';
import { RecordingStoreChangeListener } from '../../../../support/RecordingStoreChangeListener';

describe('PolledChangeFeed', () => {
  let table: InMemoryStoreChangeTable;
  let listener: RecordingStoreChangeListener;
  let timers: ManualTimeouts;
  let lostWith: unknown[];
  let feed: PolledChangeFeed;

  beforeEach(() => {
    table = new InMemoryStoreChangeTable();
    listener = new RecordingStoreChangeListener();
    timers = new ManualTimeouts();
    lostWith = [];
    feed = new PolledChangeFeed(table.query, listener, { intervalMs: 200, schedule: timers.schedule, onLost: (error) => lostWith.push(error) });
  });

  it('starts from the last row already there: resumed, nothing older replayed, the next read scheduled', async () => {
    table.add('client', 'old');
    await feed.start();
    expect(listener.calls).to.deep.equal(['resumed']);
    expect(timers.scheduled.map((entry) => entry.ms)).to.deep.equal([200]);
  });

  it('hands on each row added since the last read, once, in order', async () => {
    await feed.start();
    table.add('client', 'app');
    table.add('user', 'u1');
    table.add('bogus', 'x');
    await feed.poll();
    await feed.poll();
    table.add('factors', 'u1');
    await feed.poll();
    expect(listener.calls).to.deep.equal(['resumed', 'change client:app', 'change user:u1', 'change factors:u1']);
  });

  it('reads again each time the timer fires', async () => {
    await feed.start();
    table.add('client', 'app');
    timers.runDue();
    await feed.poll();
    expect(listener.calls).to.deep.equal(['resumed', 'change client:app']);
    expect(timers.scheduled.map((entry) => entry.ms)).to.deep.equal([200, 200]);
  });

  it('rows pruned before they were read make it start afresh (every entry dropped)', async () => {
    await feed.start();
    for (let i = 0; i < 5; i++) table.add('user', `u${i}`);
    table.prune(2);
    await feed.poll();
    expect(listener.calls).to.deep.equal(['resumed', 'resumed']);
    table.add('user', 'u5');
    await feed.poll();
    expect(listener.calls.at(-1)).to.equal('change user:u5');
  });

  it('a failed read loses the feed once; the first read that works resumes it from the last row then', async () => {
    await feed.start();
    const failure = new Error('database is locked');
    table.failing = failure;
    await feed.poll();
    await feed.poll();
    expect(listener.calls).to.deep.equal(['resumed', 'lost']);
    expect(lostWith).to.deep.equal([failure]);
    table.add('client', 'missed');
    table.failing = null;
    await feed.poll();
    table.add('client', 'seen');
    await feed.poll();
    expect(listener.calls).to.deep.equal(['resumed', 'lost', 'resumed', 'change client:seen']);
  });

  it('a first read that fails leaves it lost (the caches start untrusted) until a read works', async () => {
    table.failing = new Error('no such table');
    await feed.start();
    expect(listener.calls).to.deep.equal([]);
    table.failing = null;
    await feed.poll();
    expect(listener.calls).to.deep.equal(['resumed']);
  });

  it('close stops the timer and loses the feed', async () => {
    await feed.start();
    await feed.close();
    expect(timers.scheduled[0].cancelled).to.equal(true);
    expect(listener.calls).to.deep.equal(['resumed', 'lost']);
    const reads = table.reads;
    timers.scheduled[0].work();
    await feed.poll();
    expect(timers.scheduled).to.have.length(1);
    expect(table.reads).to.equal(reads + 2);
  });

  it('a failed read without a log hook still loses the feed', async () => {
    const quiet = new PolledChangeFeed(table.query, listener, { intervalMs: 200, schedule: timers.schedule });
    await quiet.start();
    table.failing = new Error('disk I/O error');
    await quiet.poll();
    expect(listener.calls).to.deep.equal(['resumed', 'lost']);
  });
});
