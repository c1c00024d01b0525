import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per key; exactly one `active` row per method (a partial unique index in the migration). */
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

  /** Milliseconds since the epoch: one portable representation on SQLite and PostgreSQL. */
  @Column({ name: 'created_at', type: 'bigint' })
  createdAt!: string;
}
