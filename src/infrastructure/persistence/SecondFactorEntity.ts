import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One second factor of a user; a TOTP row is pending until `confirmed`. */
@Entity({ name: 'second_factors' })
export class SecondFactorEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 256 })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: string;

  @Column({ type: 'varchar', length: 256 })
  label!: string;

  @Column({ type: 'boolean' })
  confirmed!: boolean;

  /** A TOTP secret through the KeyCipher (encrypted when AUTH_KEY_ENCRYPTION_KEY is set); null for other kinds. */
  @Column({ type: 'text', nullable: true })
  secret!: string | null;

  /** The last accepted TOTP time step. */
  @Column({ name: 'last_step', type: 'bigint', nullable: true })
  lastStep!: string | null;

  /** Epoch milliseconds. */
  @Column({ name: 'created_at', type: 'bigint' })
  createdAt!: string;
}
