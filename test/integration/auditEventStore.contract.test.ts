import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import type { AuditEvent } from '../../src/domain/model/AuditEvent';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { TypeOrmAuditEventStore } from '../../src/infrastructure/persistence/TypeOrmAuditEventStore';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const T0 = Date.parse('2026-12-01T10:00:00.000Z');

function event(id: string, offsetMs: number, fields: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id,
    time: new Date(T0 + offsetMs),
    type: 'login.failed',
    outcome: 'failure',
    actor: null,
    account: 'alice',
    client: null,
    address: '203.0.113.7',
    requestId: `req-${id}`,
    details: { reason: 'wrong_password' },
    ...fields,
  };
}

for (const backend of STORE_BACKENDS) {
  describe(`The audit event store on ${backend.name}, two DataSources (two instances)`, function () {
    this.timeout(30_000);
    let database: SharedDatabase;
    let sources: DataSource[];
    let one: TypeOrmAuditEventStore;
    let other: TypeOrmAuditEventStore;

    before(async () => {
      database = await backend.create();
      sources = [];
      for (let i = 0; i < 2; i++) sources.push(await openDatabase(createDataSource(database.url)));
      [one, other] = sources.map((source) => new TypeOrmAuditEventStore(source));
      await one.append([
        event('e1', 0),
        event('e2', 1000, { type: 'login.succeeded', outcome: 'success', client: 'web', details: {} }),
        event('e3', 2000, { type: 'token.issued', outcome: 'success', client: 'web', account: null, details: { grant: 'client_credentials', scopes: ['a', 'b'] } }),
      ]);
      await other.append([event('e4', 3000, { account: 'bob', actor: 'admin:ops-bot' }), event('e5', 3000, { account: 'alice' })]);
    });

    after(async () => {
      for (const source of sources ?? []) if (source.isInitialized) await source.destroy();
      await database?.dispose();
    });

    it('answers on one instance every field the other wrote, newest first, equal times by id', async () => {
      const page = await one.list({ limit: 10 });
      expect(page.items.map((item) => item.id)).to.deep.equal(['e5', 'e4', 'e3', 'e2', 'e1']);
      expect(page.next).to.equal(null);
      expect(page.items[1]).to.deep.equal(event('e4', 3000, { account: 'bob', actor: 'admin:ops-bot' }));
      expect(page.items[2].details).to.deep.equal({ grant: 'client_credentials', scopes: ['a', 'b'] });
      expect(page.items[2].account).to.equal(null);
    });

    it('walks the trail in pages by the cursor, no event twice or missed', async () => {
      const first = await other.list({ limit: 2 });
      expect(first.items.map((item) => item.id)).to.deep.equal(['e5', 'e4']);
      expect(first.next).to.be.a('string');
      const second = await other.list({ limit: 2, cursor: first.next ?? '' });
      expect(second.items.map((item) => item.id)).to.deep.equal(['e3', 'e2']);
      const third = await other.list({ limit: 2, cursor: second.next ?? '' });
      expect(third.items.map((item) => item.id)).to.deep.equal(['e1']);
      expect(third.next).to.equal(null);
    });

    it('narrows by type, account, client and the time window (since included, until excluded)', async () => {
      const ids = async (query: Parameters<TypeOrmAuditEventStore['list']>[0]) => (await one.list(query)).items.map((item) => item.id);
      expect(await ids({ limit: 10, type: 'login.failed' })).to.deep.equal(['e5', 'e4', 'e1']);
      expect(await ids({ limit: 10, account: 'alice' })).to.deep.equal(['e5', 'e2', 'e1']);
      expect(await ids({ limit: 10, client: 'web' })).to.deep.equal(['e3', 'e2']);
      expect(await ids({ limit: 10, since: new Date(T0 + 1000), until: new Date(T0 + 3000) })).to.deep.equal(['e3', 'e2']);
      expect(await ids({ limit: 10, type: 'login.failed', account: 'alice', since: new Date(T0 + 1) })).to.deep.equal(['e5']);
    });

    it('refuses a cursor it never answered', async () => {
      for (const cursor of ['nope', Buffer.from('[1]').toString('base64url'), Buffer.from('["x","y"]').toString('base64url')]) {
        const refused = await one.list({ limit: 1, cursor }).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refused).to.have.property('code', 'INVALID_CURSOR');
      }
    });

    it('purges what is older than the given time on every instance and says how many', async () => {
      expect(await other.purgeBefore(new Date(T0 + 1500))).to.equal(2);
      expect((await one.list({ limit: 10 })).items.map((item) => item.id)).to.deep.equal(['e5', 'e4', 'e3']);
      expect(await other.purgeBefore(new Date(T0 + 1500))).to.equal(0);
    });

    it('writes a large batch in one append', async () => {
      const many = Array.from({ length: 1200 }, (_, i) => event(`b${String(i).padStart(4, '0')}`, 10_000 + i));
      await one.append(many);
      const page = await other.list({ limit: 3, since: new Date(T0 + 10_000) });
      expect(page.items.map((item) => item.id)).to.deep.equal(['b1199', 'b1198', 'b1197']);
    });
  });
}
