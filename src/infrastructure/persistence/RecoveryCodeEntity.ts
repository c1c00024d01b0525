import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One unused recovery code of a user, as a digest (recoveryCodeDigest); used codes are deleted. */
@Entity({ name: 'recovery_codes' })
export class RecoveryCodeEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 256 })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  digest!: string;

  /** Epoch milliseconds. */
  @Column({ name: 'created_at', type: 'bigint' })
  createdAt!: string;
}
