import type { DataSource } from 'typeorm';
import type { AuditEvent, AuditEventType, AuditOutcome } from '../../domain/model/AuditEvent';
import type { AuditEventPage, AuditEventQuery, AuditEventStore } from '../../domain/ports/AuditEventStore';
import { AuditEventEntity } from './AuditEventEntity';
import { decodeAuditCursor, encodeAuditCursor } from './auditCursor';

/** Rows per INSERT (10 parameters each): a whole batch of the trail, well under PostgreSQL's 65535 parameters and SQLite's 32766. */
const ROWS_PER_INSERT = 1_000;

/**
 * AuditEventStore on TypeORM: one row per event; pages newest first by
 * (time, id), the cursor naming the last row of the page answered.
 */
export class TypeOrmAuditEventStore implements AuditEventStore {
  /** The INSERT statements by row count, the few counts seen most (a full batch, then a handful of others). */
  private readonly inserts = new Map<number, string>();

  constructor(private readonly dataSource: DataSource) {}

  async append(events: readonly AuditEvent[]): Promise<void> {
    for (let start = 0; start < events.length; start += ROWS_PER_INSERT) {
      const rows = events.slice(start, start + ROWS_PER_INSERT);
      // Plain SQL: TypeORM's insert builder spent more CPU per row than the login that caused the event.
      await this.dataSource.query(this.insertOf(rows.length), rows.flatMap(valuesOf));
    }
  }

  /** `INSERT … VALUES (…), (…)` for `count` rows, in the store's dialect; made once per row count. */
  private insertOf(count: number): string {
    let sql = this.inserts.get(count);
    if (sql === undefined) {
      const { driver } = this.dataSource;
      const table = driver.escape(this.dataSource.getMetadata(AuditEventEntity).tableName);
      const columns = COLUMNS.map((column) => driver.escape(column)).join(', ');
      const rows = Array.from({ length: count }, (_, row) =>
        `(${COLUMNS.map((_column, column) => driver.createParameter(`p${row * COLUMNS.length + column}`, row * COLUMNS.length + column)).join(', ')})`,
      );
      sql = `INSERT INTO ${table} (${columns}) VALUES ${rows.join(', ')}`;
      if (this.inserts.size < 8) this.inserts.set(count, sql);
    }
    return sql;
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
