import { expect } from 'chai';
import { ListAuditEvents } from '../../../../src/application/audit/ListAuditEvents';
import type { AuditEvent } from '../../../../src/domain/model/AuditEvent';
import type { AuditEventPage, AuditEventQuery, AuditEventStore } from '../../../../src/domain/ports/AuditEventStore';

class OnePageStore implements AuditEventStore {
  readonly queries: AuditEventQuery[] = [];
  constructor(private readonly page: AuditEventPage) {}
  async append(_events: readonly AuditEvent[]): Promise<void> {}
  async list(query: AuditEventQuery): Promise<AuditEventPage> {
    this.queries.push(query);
    return this.page;
  }
  async purgeBefore(_before: Date): Promise<number> {
    return 0;
  }
}

describe('ListAuditEvents', () => {
  it('answers the store’s page for the query as given', async () => {
    const event: AuditEvent = {
      id: 'e1', time: new Date('2026-12-07T00:00:00Z'), type: 'login.failed', outcome: 'failure',
      actor: null, account: 'alice', client: null, address: '203.0.113.9', requestId: 'r1', details: { reason: 'wrong_password' },
    };
    const store = new OnePageStore({ items: [event], next: 'c2' });
    const query = { type: 'login.failed' as const, account: 'alice', limit: 10 };
    const page = await new ListAuditEvents(store).execute(query);
    expect(page).to.deep.equal({ items: [event], next: 'c2' });
    expect(store.queries).to.deep.equal([query]);
  });
});
