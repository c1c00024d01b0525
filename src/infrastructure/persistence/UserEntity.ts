import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per user; `account` is unique (an index in the migration). */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 256 })
  account!: string;

  /** accountKey(account): what logins and uniqueness compare (unique index in the migration). */
  @Column({ name: 'account_key', type: 'varchar', length: 256, nullable: true })
  accountKey!: string | null;

  @Column({ name: 'password_hash', type: 'varchar', length: 512 })
  passwordHash!: string;

  @Column({ name: 'nick_name', type: 'varchar', length: 256 })
  nickName!: string;

  @Column({ name: 'user_type', type: 'varchar', length: 16 })
  userType!: string;

  @Column({ name: 'tenant_id', type: 'varchar', length: 64, nullable: true })
  tenantId!: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  telephone!: string | null;

  @Column({ type: 'varchar', length: 1024, nullable: true })
  avatar!: string | null;

  @Column({ type: 'varchar', length: 256, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  grade!: string | null;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  /** Milliseconds since the epoch, as in signing_keys. */
  @Column({ name: 'created_at', type: 'bigint' })
  createdAt!: string;

  @Column({ name: 'updated_at', type: 'bigint' })
  updatedAt!: string;
}
