import type { DataSource } from 'typeorm';
import type { AuditEvent, AuditEventType, AuditOutcome } from '../../domain/model/AuditEvent';
import type { AuditEventPage, AuditEventQuery, AuditEventStore } from '../../domain/ports/AuditEventStore';
import { AuditEventEntity } from './AuditEventEntity';
import { decodeAuditCursor, encodeAuditCursor } from './auditCursor';

/**
 * AuditEventStore on TypeORM: one row per event; pages newest first by
 * (time, id), the cursor naming the last row of the page answered.
 */
export class TypeOrmAuditEventStore implements AuditEventStore {
  private insert: string | null = null;

  constructor(private readonly dataSource: DataSource) {}

  /**
   * One INSERT per batch with one parameter, the rows as one JSON array that the database unpacks: binding
   * ten parameters a row cost the driver more CPU than the insert itself, on the thread that serves logins.
   */
  async append(events: readonly AuditEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.dataSource.query((this.insert ??= this.insertStatement()), [JSON.stringify(events.map(valuesOf))]);
  }

  /** `INSERT … SELECT` over the elements of the JSON array parameter, in the store's dialect. */
  private insertStatement(): string {
    const { driver } = this.dataSource;
    const table = driver.escape(this.dataSource.getMetadata(AuditEventEntity).tableName);
    const columns = COLUMNS.map((column) => driver.escape(column)).join(', ');
    if (this.dataSource.options.type === 'postgres') {
      const values = COLUMNS.map((column, i) => (column === 'time' ? `(r->>${i})::bigint` : `r->>${i}`)).join(', ');
      return `INSERT INTO ${table} (${columns}) SELECT ${values} FROM json_array_elements($1::json) AS r`;
    }
    const values = COLUMNS.map((_column, i) => `value->>${i}`).join(', ');
    return `INSERT INTO ${table} (${columns}) SELECT ${values} FROM json_each(?)`;
  }

  async list(query: AuditEventQuery): Promise<AuditEventPage> {
    const select = this.dataSource.getRepository(AuditEventEntity).createQueryBuilder('e');
    if (query.type !== undefined) select.andWhere('e.type = :type', { type: query.type });
    if (query.account !== undefined) select.andWhere('e.account = :account', { account: query.account });
    if (query.client !== undefined) select.andWhere('e.client = :client', { client: query.client });
    if (query.since !== undefined) select.andWhere('e.time >= :since', { since: query.since.getTime() });
    if (query.until !== undefined) select.andWhere('e.time < :until', { until: query.until.getTime() });
    if (query.cursor !== undefined) {
      const after = decodeAuditCursor(query.cursor);
      select.andWhere('(e.time < :cursorTime OR (e.time = :cursorTime AND e.id < :cursorId))', { cursorTime: after.time, cursorId: after.id });
    }
    const rows = await select
      .orderBy('e.time', 'DESC')
      .addOrderBy('e.id', 'DESC')
      .limit(query.limit + 1)
      .getMany();
    const items = rows.slice(0, query.limit).map(eventOf);
    const last = items[items.length - 1];
    const next = rows.length > query.limit && last !== undefined ? encodeAuditCursor({ time: last.time.getTime(), id: last.id }) : null;
    return { items, next };
  }

  async purgeBefore(before: Date): Promise<number> {
    const result = await this.dataSource
      .createQueryBuilder()
      .delete()
      .from(AuditEventEntity)
      .where('time < :before', { before: before.getTime() })
      .execute();
    return result.affected ?? 0;
  }
}

/** The table's columns in the order valuesOf gives them. */
const COLUMNS = ['id', 'time', 'type', 'outcome', 'actor', 'account', 'client', 'address', 'request_id', 'details'] as const;

function valuesOf(event: AuditEvent): unknown[] {
  return [
    event.id,
    event.time.getTime(),
    event.type,
    event.outcome,
    event.actor,
    event.account,
    event.client,
    event.address,
    event.requestId,
    JSON.stringify(event.details),
  ];
}

function eventOf(row: AuditEventEntity): AuditEvent {
  return {
    id: row.id,
    time: new Date(Number(row.time)),
    // A newer instance may write a type this one does not know yet: answered as stored.
    type: row.type as AuditEventType,
    outcome: row.outcome as AuditOutcome,
    actor: row.actor,
    account: row.account,
    client: row.client,
    address: row.address,
    requestId: row.requestId,
    details: JSON.parse(row.details) as Record<string, unknown>,
  };
}
