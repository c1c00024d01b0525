import { expect } from 'chai';
import { runWithAuditContext } from '../../../../src/infrastructure/audit/auditContextStore';
import type { AuditDropReason } from '../../../../src/infrastructure/audit/DropReport';
import { QueuedAuditTrail, type QueuedAuditTrailOptions } from '../../../../src/infrastructure/audit/QueuedAuditTrail';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryAuditEventStore } from '../../../support/InMemoryAuditEventStore';
import { ManualTimeouts } from '../../../support/ManualTimeouts';
import { RecordingLogger } from '../../../support/RecordingLogger';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('QueuedAuditTrail', () => {
  let store: InMemoryAuditEventStore;
  let clock: FixedClock;
  let timers: ManualTimeouts;
  let log: RecordingLogger;
  let dropped: [AuditDropReason, number][];

  function trail(options: Partial<QueuedAuditTrailOptions> = {}): QueuedAuditTrail {
    return new QueuedAuditTrail(store, clock, new SequenceIdGenerator(), {
      capacity: 5,
      batchSize: 2,
      flushDelayMs: 200,
      retryDelayMs: 1000,
      attempts: 2,
      closeTimeoutMs: 3000,
      onDropped: (reason, count) => dropped.push([reason, count]),
      log,
      schedule: timers.schedule,
      ...options,
    });
  }

  async function runTimers(): Promise<void> {
    const due = timers.scheduled.filter((entry) => !entry.cancelled);
    due.forEach((entry) => (entry.cancelled = true));
    due.forEach((entry) => entry.work());
    for (let i = 0; i < 5; i++) await settle();
  }

  beforeEach(() => {
    store = new InMemoryAuditEventStore();
    clock = new FixedClock('2026-12-01T10:00:00Z');
    timers = new ManualTimeouts();
    log = new RecordingLogger();
    dropped = [];
  });

  it('stamps id, time and the ambient context; writes nothing until the timer, then every event in batches', async () => {
    const audit = trail();
    runWithAuditContext({ actor: 'admin:ops', address: '203.0.113.9', requestId: 'req-1' }, () =>
      audit.record({ type: 'user.created', outcome: 'success', account: 'alice', details: { status: 'active' } }),
    );
    audit.record({ type: 'login.failed', outcome: 'failure' });
    audit.record({ type: 'key.rotated', outcome: 'success', client: 'web' });
    expect(store.appends).to.have.length(0);
    expect(timers.scheduled.map((entry) => entry.ms)).to.deep.equal([200]);
    await runTimers();
    expect(store.appends.map((batch) => batch.length)).to.deep.equal([2, 1]);
    expect(store.events[0]).to.deep.equal({
      id: '00000001id-1',
      time: new Date('2026-12-01T10:00:00Z'),
      type: 'user.created',
      outcome: 'success',
      actor: 'admin:ops',
      account: 'alice',
      client: null,
      address: '203.0.113.9',
      requestId: 'req-1',
      details: { status: 'active' },
    });
    expect(store.events[1]).to.include({ actor: null, account: null, client: null, address: null, requestId: null });
    expect(store.events[1].details).to.deep.equal({});
    expect(store.events[2].client).to.equal('web');
    expect(store.events.map((event) => event.id)).to.deep.equal(['00000001id-1', '00000002id-2', '00000003id-3']);
  });

  it("takes the address and request id a draft carries over the context's", async () => {
    const audit = trail();
    runWithAuditContext({ actor: 'a', address: '10.0.0.1', requestId: 'ctx' }, () => {
      audit.record({ type: 'login.failed', outcome: 'failure', address: '192.0.2.5', requestId: 'given' });
      audit.record({ type: 'login.failed', outcome: 'failure' });
    });
    await runTimers();
    expect(store.events.map((event) => [event.actor, event.address, event.requestId])).to.deep.equal([
      ['a', '192.0.2.5', 'given'],
      ['a', '10.0.0.1', 'ctx'],
    ]);
  });

  it('schedules one write for many events, and another for events after it', async () => {
    const audit = trail();
    audit.record({ type: 'login.failed', outcome: 'failure' });
    audit.record({ type: 'login.failed', outcome: 'failure' });
    expect(timers.scheduled).to.have.length(1);
    await runTimers();
    audit.record({ type: 'login.failed', outcome: 'failure' });
    expect(timers.scheduled).to.have.length(2);
    await runTimers();
    expect(store.events).to.have.length(3);
  });

  it('never waits on a store that does not answer; events that come meanwhile wait for the next tick, not written one by one behind it', async () => {
    const audit = trail({ capacity: 10 });
    store.hold();
    audit.record({ type: 'login.failed', outcome: 'failure' });
    await runTimers();
    audit.record({ type: 'login.succeeded', outcome: 'success' });
    audit.record({ type: 'token.issued', outcome: 'success' });
    expect(timers.scheduled.filter((entry) => !entry.cancelled)).to.have.length(0);
    store.release();
    for (let i = 0; i < 5; i++) await settle();
    expect(store.events.map((event) => event.type)).to.deep.equal(['login.failed']);
    expect(timers.scheduled.filter((entry) => !entry.cancelled).map((entry) => entry.ms)).to.deep.equal([200]);
    await runTimers();
    expect(store.events.map((event) => event.type)).to.deep.equal(['login.failed', 'login.succeeded', 'token.issued']);
    expect(store.appends.map((batch) => batch.length), 'the two that waited: one batch').to.deep.equal([1, 2]);
    expect(timers.scheduled.filter((entry) => !entry.cancelled)).to.have.length(0);
  });

  it('drops an event when the queue is full, counts it and logs once a minute without its content', async () => {
    const audit = trail({ capacity: 2 });
    for (let i = 0; i < 4; i++) audit.record({ type: 'login.failed', outcome: 'failure', account: `secret-${i}` });
    expect(dropped).to.deep.equal([
      ['queue_full', 1],
      ['queue_full', 1],
    ]);
    expect(log.at('warn')).to.have.length(1);
    expect(log.at('warn')[0].fields).to.deep.equal({ dropped: { queue_full: 1 } });
    expect(JSON.stringify(log.lines)).not.to.include('secret-');
    clock.advanceSeconds(60);
    audit.record({ type: 'login.failed', outcome: 'failure' });
    expect(log.at('warn')).to.have.length(2);
    expect(log.at('warn')[1].fields).to.deep.equal({ dropped: { queue_full: 2 } });
    await runTimers();
    expect(store.events).to.have.length(2);
  });

  it('tries a failed batch again later, keeping its order, and writes it when the store is back', async () => {
    const audit = trail();
    store.failWith = new Error('connection refused');
    audit.record({ type: 'login.failed', outcome: 'failure', account: 'a' });
    audit.record({ type: 'login.failed', outcome: 'failure', account: 'b' });
    audit.record({ type: 'login.failed', outcome: 'failure', account: 'c' });
    await runTimers();
    expect(timers.scheduled.filter((entry) => !entry.cancelled).map((entry) => entry.ms)).to.deep.equal([1000]);
    store.failWith = null;
    await runTimers();
    expect(store.events.map((event) => event.account)).to.deep.equal(['a', 'b', 'c']);
    expect(dropped).to.deep.equal([]);
  });

  it('drops a batch the store refuses `attempts` times, counted and logged by error kind only', async () => {
    const audit = trail();
    const refusal = Object.assign(new TypeError('value "hunter2" refused'), { code: '22P02' });
    store.failWith = refusal;
    audit.record({ type: 'login.failed', outcome: 'failure' });
    await runTimers();
    await runTimers();
    expect(dropped).to.deep.equal([['store_failed', 1]]);
    expect(log.at('warn')[0].fields).to.deep.equal({ dropped: { store_failed: 1 }, error: 'TypeError', code: '22P02' });
    expect(JSON.stringify(log.lines)).not.to.include('hunter2');
    expect(timers.scheduled.filter((entry) => !entry.cancelled)).to.have.length(0);
  });

  it('counts a failure to stamp an event, and does not throw into the caller', () => {
    const audit = new QueuedAuditTrail(store, { now: () => { throw new Error('clock'); } }, new SequenceIdGenerator(), {
      capacity: 5, batchSize: 2, flushDelayMs: 1, retryDelayMs: 1, attempts: 1, closeTimeoutMs: 1, onDropped: (reason, count) => dropped.push([reason, count]), log, schedule: timers.schedule,
    });
    expect(() => audit.record({ type: 'login.failed', outcome: 'failure' })).not.to.throw();
    expect(dropped[0]).to.deep.equal(['error', 1]);
  });

  it('writes what waits on close, even a batch waiting for its retry, drops what still fails, and records nothing after', async () => {
    const audit = trail({ attempts: 5 });
    store.failWith = new Error('down');
    audit.record({ type: 'login.failed', outcome: 'failure', account: 'a' });
    await runTimers();
    audit.record({ type: 'login.failed', outcome: 'failure', account: 'b' });
    store.failWith = null;
    await audit.close();
    expect(store.events.map((event) => event.account)).to.deep.equal(['a', 'b']);
    audit.record({ type: 'login.failed', outcome: 'failure' });
    expect(dropped).to.deep.equal([['closed', 1]]);
    expect(timers.scheduled.filter((entry) => !entry.cancelled)).to.have.length(0);

    const failing = trail();
    store.failWith = new Error('down');
    failing.record({ type: 'login.failed', outcome: 'failure' });
    failing.record({ type: 'login.failed', outcome: 'failure' });
    failing.record({ type: 'login.failed', outcome: 'failure' });
    await failing.close();
    expect(dropped.slice(1)).to.deep.equal([
      ['store_failed', 2],
      ['store_failed', 1],
    ]);
  });

  it('on close waits for the write under way', async () => {
    const audit = trail();
    store.hold();
    audit.record({ type: 'login.failed', outcome: 'failure' });
    await runTimers();
    let closed = false;
    const closing = audit.close().then(() => (closed = true));
    await settle();
    expect(closed).to.equal(false);
    store.release();
    await closing;
    expect(store.events).to.have.length(1);
  });

  it('on close gives a store that never answers closeTimeoutMs, then drops what is unwritten (the batch under way too) as closed', async () => {
    const audit = trail({ batchSize: 1 });
    store.hold();
    audit.record({ type: 'login.failed', outcome: 'failure' });
    await runTimers();
    audit.record({ type: 'login.failed', outcome: 'failure' });
    audit.record({ type: 'login.failed', outcome: 'failure' });
    const closing = audit.close();
    await settle();
    expect(timers.scheduled.filter((entry) => !entry.cancelled).map((entry) => entry.ms)).to.deep.equal([3000]);
    await runTimers();
    await closing;
    expect(dropped).to.deep.equal([['closed', 3]]);
    expect(store.events).to.deep.equal([]);
  });
});

describe('QueuedAuditTrail when its metric or log fails', () => {
  it('still never throws into the caller nor leaves an unhandled rejection, and goes on writing', async () => {
    const store = new InMemoryAuditEventStore();
    const timers = new ManualTimeouts();
    const audit = new QueuedAuditTrail(store, new FixedClock(), new SequenceIdGenerator(), {
      capacity: 1,
      batchSize: 10,
      flushDelayMs: 1,
      retryDelayMs: 1,
      attempts: 1,
      closeTimeoutMs: 1,
      onDropped: () => {
        throw new Error('metric broken');
      },
      log: {
        warn: () => {
          throw new Error('log broken');
        },
      },
      schedule: timers.schedule,
    });
    audit.record({ type: 'login.failed', outcome: 'failure' });
    expect(() => audit.record({ type: 'login.failed', outcome: 'failure' })).not.to.throw();
    store.failWith = new Error('down');
    timers.runDue();
    await new Promise((resolve) => setImmediate(resolve));
    store.failWith = null;
    audit.record({ type: 'login.succeeded', outcome: 'success' });
    await audit.close();
    expect(store.events.map((event) => event.type)).to.deep.equal(['login.succeeded']);
  });
});
