import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A logout token still to deliver: what to build it from, how often it was tried, when it is next due. */
@Entity({ name: 'backchannel_deliveries' })
export class BackchannelDeliveryEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'client_id', type: 'varchar', length: 256 })
  clientId!: string;

  @Column({ type: 'varchar', length: 256 })
  subject!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  sid!: string | null;

  @Column({ type: 'integer' })
  attempts!: number;

  /** Epoch seconds: due from then; a claim moves it past the sender's lease. */
  @Column({ name: 'due_at', type: 'bigint' })
  dueAt!: string;
}
