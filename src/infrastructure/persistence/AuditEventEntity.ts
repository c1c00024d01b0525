import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One security event of the audit trail, as every instance writes and reads it. */
@Entity({ name: 'audit_events' })
export class AuditEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  /** Epoch milliseconds: the order of the trail and of its cursor. */
  @Column({ type: 'bigint' })
  time!: string;

  @Column({ type: 'varchar', length: 64 })
  type!: string;

  @Column({ type: 'varchar', length: 16 })
  outcome!: string;

  @Column({ type: 'text', nullable: true })
  actor!: string | null;

  /** As typed, known or not. */
  @Column({ type: 'text', nullable: true })
  account!: string | null;

  @Column({ type: 'text', nullable: true })
  client!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  address!: string | null;

  @Column({ name: 'request_id', type: 'varchar', length: 128, nullable: true })
  requestId!: string | null;

  /** JSON of the event's facts. */
  @Column({ type: 'text' })
  details!: string;
}
