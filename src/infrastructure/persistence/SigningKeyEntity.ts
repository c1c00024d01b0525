import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per key; at most one `active` and one `next` row per method (partial unique indexes). */
@Entity({ name: 'signing_keys' })
export class SigningKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 128 })
  kid!: string;

  @Column({ type: 'varchar', length: 16 })
  method!: string;

  @Column({ type: 'varchar', length: 16 })
  alg!: string;

  @Column({ type: 'varchar', length: 16 })
  state!: string;

  @Column({ name: 'private_key', type: 'text', nullable: true })
  privateKey!: string | null;

  @Column({ name: 'public_key', type: 'text', nullable: true })
  publicKey!: string | null;

  /** Times are milliseconds since the epoch: one portable representation on SQLite and PostgreSQL. */
  @Column({ name: 'created_at', type: 'bigint' })
  createdAt!: string;

  @Column({ name: 'activate_at', type: 'bigint', nullable: true })
  activateAt!: string | null;

  @Column({ name: 'activated_at', type: 'bigint', nullable: true })
  activatedAt!: string | null;

  @Column({ name: 'retire_at', type: 'bigint', nullable: true })
  retireAt!: string | null;

  @Column({ name: 'retired_at', type: 'bigint', nullable: true })
  retiredAt!: string | null;
}
