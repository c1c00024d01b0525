import { expect } from 'chai';
import { PurgeAuditEvents } from '../../../../src/application/audit/PurgeAuditEvents';
import type { AuditEvent } from '../../../../src/domain/model/AuditEvent';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryAuditEventStore } from '../../../support/InMemoryAuditEventStore';

function event(id: string, time: string): AuditEvent {
  return { id, time: new Date(time), type: 'login.failed', outcome: 'failure', actor: null, account: null, client: null, address: null, requestId: null, details: {} };
}

describe('PurgeAuditEvents', () => {
  it('removes the events older than the retention, keeps the one exactly at its edge, and says how many', async () => {
    const store = new InMemoryAuditEventStore();
    store.events.push(event('old', '2026-10-31T11:59:59.999Z'), event('edge', '2026-10-31T12:00:00.000Z'), event('new', '2026-11-30T00:00:00Z'));
    const purge = new PurgeAuditEvents(store, new FixedClock('2026-11-30T12:00:00Z'), 30);
    expect(await purge.execute()).to.deep.equal({ before: new Date('2026-10-31T12:00:00.000Z'), purged: 1 });
    expect(store.events.map((item) => item.id)).to.deep.equal(['edge', 'new']);
  });

  it('counts the retention in whole days of the clock', async () => {
    const store = new InMemoryAuditEventStore();
    const result = await new PurgeAuditEvents(store, new FixedClock('2026-11-30T12:00:00Z'), 1).execute();
    expect(result).to.deep.equal({ before: new Date('2026-11-29T12:00:00Z'), purged: 0 });
  });
});
