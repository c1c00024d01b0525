import { expect } from 'chai';
import { PgNotifyChangeFeed } from '../../../../../src/infrastructure/persistence/cache/PgNotifyChangeFeed';
import { FakeListenConnection } from '../../../../support/FakeListenConnection';
import { ManualTimeouts } from '../../../../support/ManualTimeouts';
import { RecordingStoreChangeListener } from '../../../../support/RecordingStoreChangeListener';

describe('PgNotifyChangeFeed', () => {
  let listener: RecordingStoreChangeListener;
  let timers: ManualTimeouts;
  let connections: FakeListenConnection[];
  let refusals: Array<Error | null>;
  let lostWith: unknown[];
  let feed: PgNotifyChangeFeed;
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(() => {
    listener = new RecordingStoreChangeListener();
    timers = new ManualTimeouts();
    connections = [];
    refusals = [];
    lostWith = [];
    feed = new PgNotifyChangeFeed('postgres://db/auth', listener, {
      retryMs: 500,
      schedule: timers.schedule,
      onLost: (error) => lostWith.push(error),
      connection: (url) => {
        expect(url).to.equal('postgres://db/auth');
        const connection = new FakeListenConnection(refusals.shift() ?? null);
        connections.push(connection);
        return connection;
      },
    });
  });

  it('LISTENs on its own connection, then resumes the caches and hands on each change of its channel', async () => {
    await feed.start();
    const [connection] = connections;
    expect(connection.queries).to.deep.equal(['LISTEN auth_store_changes']);
    connection.notify('auth_store_changes', 'client:app');
    connection.notify('other_channel', 'client:x');
    connection.notify('auth_store_changes', 'nonsense');
    connection.emit('notification', { channel: 'auth_store_changes' });
    connection.notify('auth_store_changes', 'account:bob');
    expect(listener.calls).to.deep.equal(['resumed', 'change client:app', 'change account:bob']);
  });

  it('a killed connection loses the feed once (error then end) and connects again after retryMs, resuming', async () => {
    await feed.start();
    const killed = new Error('terminating connection due to administrator command');
    connections[0].emit('error', killed);
    connections[0].emit('end');
    expect(listener.calls).to.deep.equal(['resumed', 'lost']);
    expect(lostWith).to.deep.equal([killed]);
    expect(timers.scheduled.map((entry) => entry.ms)).to.deep.equal([500]);
    timers.runDue();
    await settle();
    expect(connections).to.have.length(2);
    expect(listener.calls).to.deep.equal(['resumed', 'lost', 'resumed']);
    connections[0].notify('auth_store_changes', 'client:late');
    connections[1].notify('auth_store_changes', 'client:app');
    expect(listener.calls.at(-1)).to.equal('change client:app');
    expect(listener.calls).to.not.include('change client:late');
  });

  it('a refused connection is lost and tried again until one works', async () => {
    const refused = new Error('ECONNREFUSED');
    refusals.push(refused, refused);
    await feed.start();
    expect(listener.calls).to.deep.equal(['lost']);
    expect(connections[0].ended).to.equal(true);
    timers.scheduled[0].work();
    await settle();
    expect(listener.calls).to.deep.equal(['lost', 'lost']);
    timers.scheduled[1].work();
    await settle();
    expect(listener.calls).to.deep.equal(['lost', 'lost', 'resumed']);
    expect(lostWith).to.deep.equal([refused, refused]);
  });

  it('an end without an error loses the feed too', async () => {
    await feed.start();
    connections[0].emit('end');
    expect(listener.calls).to.deep.equal(['resumed', 'lost']);
    expect(String(lostWith[0])).to.include('ended');
  });

  it('close ends the connection, loses the feed and connects no more', async () => {
    await feed.start();
    await feed.close();
    expect(connections[0].ended).to.equal(true);
    connections[0].emit('end');
    expect(listener.calls).to.deep.equal(['resumed', 'lost']);
    expect(timers.scheduled).to.have.length(0);
  });

  it('close while a retry waits cancels it', async () => {
    await feed.start();
    connections[0].emit('end');
    await feed.close();
    expect(timers.scheduled[0].cancelled).to.equal(true);
  });

  it('closed while connecting: the connection is ended once it connects, and the feed never resumes', async () => {
    let connected: () => void = () => undefined;
    const slow = new FakeListenConnection();
    slow.connect = () => new Promise<void>((resolve) => (connected = resolve));
    const pending = new PgNotifyChangeFeed('postgres://db/auth', listener, { retryMs: 500, schedule: timers.schedule, connection: () => slow });
    const starting = pending.start();
    await pending.close();
    slow.ended = false;
    connected();
    await starting;
    expect(slow.ended).to.equal(true);
    expect(listener.calls).to.deep.equal(['lost']);
  });

  it('a lost connection without a log hook still loses the feed', async () => {
    const connection = new FakeListenConnection();
    const quiet = new PgNotifyChangeFeed('postgres://db/auth', listener, { retryMs: 500, schedule: timers.schedule, connection: () => connection });
    await quiet.start();
    connection.emit('error', new Error('terminating connection'));
    expect(listener.calls).to.deep.equal(['resumed', 'lost']);
  });

  it('by default connects with node-postgres: a refused connection is lost and retried', async () => {
    const real = new PgNotifyChangeFeed('postgres://127.0.0.1:1/none', listener, { retryMs: 500, schedule: timers.schedule, onLost: (error) => lostWith.push(error) });
    await real.start();
    expect(listener.calls).to.deep.equal(['lost']);
    expect(String(lostWith[0])).to.match(/ECONNREFUSED|connect/);
    expect(timers.scheduled).to.have.length(1);
    await real.close();
  });
});
