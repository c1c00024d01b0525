import { expect } from 'chai';
import { InvalidAuditCursorError } from '../../../../src/domain/auditErrors';
import { ListAuditEvents } from '../../../../src/application/audit/ListAuditEvents';
import type { AuditEvent } from '../../../../src/domain/model/AuditEvent';
import type { AuditEventQuery } from '../../../../src/domain/ports/AuditEventStore';
import { runEventsCommand } from '../../../../src/interfaces/cli/eventsCommand';
import { InMemoryAuditEventStore } from '../../../support/InMemoryAuditEventStore';

function event(id: string, time: string, fields: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id,
    time: new Date(time),
    type: 'login.failed',
    outcome: 'failure',
    actor: null,
    account: 'alice',
    client: null,
    address: '203.0.113.7',
    requestId: 'req-1',
    details: { reason: 'wrong_password' },
    ...fields,
  };
}

describe('events command', () => {
  let store: InMemoryAuditEventStore;
  let queries: AuditEventQuery[];
  let out: string[];
  let err: string[];

  const run = (...argv: string[]) =>
    runEventsCommand(argv, {
      listAuditEvents: {
        execute: (query) => {
          queries.push(query);
          return new ListAuditEvents(store).execute(query);
        },
      },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });

  beforeEach(() => {
    store = new InMemoryAuditEventStore();
    store.events.push(
      event('e1', '2026-12-01T10:00:00Z'),
      event('e2', '2026-12-01T11:00:00Z', { type: 'client.secret_rotated', outcome: 'success', actor: 'admin:ops-bot', account: null, client: 'web', address: null, requestId: null, details: {} }),
    );
    queries = [];
    out = [];
    err = [];
  });

  it('lists the trail newest first as a table, every column named, absent values as -', async () => {
    expect(await run('list')).to.equal(0);
    const lines = out.join('\n').split('\n');
    expect(lines[0]).to.match(/^time\s+type\s+outcome\s+actor\s+account\s+client\s+address\s+request\s+details$/);
    expect(lines[1]).to.match(/^2026-12-01T11:00:00\.000Z\s+client\.secret_rotated\s+success\s+admin:ops-bot\s+-\s+web\s+-\s+-\s+-$/);
    expect(lines[2]).to.match(/^2026-12-01T10:00:00\.000Z\s+login\.failed\s+failure\s+-\s+alice\s+-\s+203\.0\.113\.7\s+req-1\s+\{"reason":"wrong_password"\}$/);
    expect(queries).to.deep.equal([{ limit: 50 }]);
    expect(err).to.deep.equal([]);
  });

  it('passes every filter to the use case and prints JSON lines with --json', async () => {
    expect(await run('list', '--type', 'login.failed', '--account', 'alice', '--client', 'web', '--since', '2026-12-01T00:00:00Z', '--until', '2026-12-02', '--limit', '5', '--json')).to.equal(0);
    expect(queries).to.deep.equal([
      { type: 'login.failed', account: 'alice', client: 'web', since: new Date('2026-12-01T00:00:00Z'), until: new Date('2026-12-02T00:00:00Z'), limit: 5 },
    ]);
    expect(out).to.deep.equal([]);
    await run('list', '--json', '--type', 'login.failed');
    expect(out.map((line) => JSON.parse(line) as unknown)).to.deep.equal([
      { id: 'e1', time: '2026-12-01T10:00:00.000Z', type: 'login.failed', outcome: 'failure', actor: null, account: 'alice', client: null, address: '203.0.113.7', requestId: 'req-1', details: { reason: 'wrong_password' } },
    ]);
  });

  it('reads page after page up to --limit, and says how to go on when more remain', async () => {
    for (let i = 0; i < 8; i++) store.events.push(event(`m${i}`, `2026-11-0${i + 1}T00:00:00Z`));
    expect(await run('list', '--limit', '3', '--json')).to.equal(0);
    expect(out).to.have.length(3);
    expect(err).to.have.length(1);
    const cursor = /--cursor (\S+)$/.exec(err[0])?.[1];
    out = [];
    err = [];
    expect(await run('list', '--limit', '100', '--json', '--cursor', cursor ?? '')).to.equal(0);
    expect(out).to.have.length(7);
    expect(err).to.deep.equal([]);
  });

  it('escapes control characters of an account as typed, so a hostile name cannot rewrite the terminal', async () => {
    store.events.push(event('e3', '2026-12-01T12:00:00Z', { account: 'evil\u001b[2J\u009b' }));
    await run('list');
    expect(out.join('\n')).to.include('evil\\u001b[2J\\u009b').and.not.to.include('\u001b');
  });

  it('says "no events" for an empty answer', async () => {
    await run('list', '--account', 'nobody');
    expect(out).to.deep.equal(['no events']);
  });

  for (const bad of [
    ['list', '--type', 'login.maybe'],
    ['list', '--since', 'yesterday'],
    ['list', '--until', '2026-13-45T00:00:00Z'],
    ['list', '--limit', '0'],
    ['list', '--limit', '10001'],
    ['list', '--limit', '2.5'],
    ['list', '--colour'],
    ['list', 'extra'],
    ['show'],
    [],
  ]) {
    it(`refuses ${JSON.stringify(bad)} with exit 2 and the usage`, async () => {
      expect(await run(...bad)).to.equal(2);
      expect(err.join('\n')).to.include('Usage: npm run events -- list');
      expect(queries).to.deep.equal([]);
    });
  }

  it('answers a cursor the trail never gave with exit 1, naming the problem; other failures are thrown to the CLI root', async () => {
    const refuse = (error: Error) =>
      runEventsCommand(['list', '--cursor', 'x'], { listAuditEvents: { execute: () => Promise.reject(error) }, out: (line) => out.push(line), err: (line) => err.push(line) });
    expect(await refuse(new InvalidAuditCursorError())).to.equal(1);
    expect(err).to.deep.equal(['events: the cursor is not one the trail answered']);
    const outage = new Error('boom');
    expect(await refuse(outage).catch((error: unknown) => error)).to.equal(outage);
  });

  it('prints the usage for help', async () => {
    expect(await run('--help')).to.equal(0);
    expect(out.join('\n')).to.include('--since ISO');
  });
});
