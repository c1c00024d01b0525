import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One revocation: a subject's or a removed client's not-before time, or one token's jti until its exp. */
@Entity({ name: 'token_revocations' })
export class RevocationEntity {
  /** 'subject', 'client' or 'token'. */
  @PrimaryColumn({ type: 'varchar', length: 8 })
  kind!: string;

  /** The subject (user id), the client id or the jti. */
  @PrimaryColumn({ type: 'varchar', length: 256 })
  ref!: string;

  /** Epoch seconds: the subject's or client's not-before, or the token's exp. */
  @Column({ type: 'bigint' })
  at!: string;

  /** Epoch seconds after which no token the entry covers can be valid. */
  @Column({ name: 'keep_until', type: 'bigint' })
  keepUntil!: string;

  /** Epoch milliseconds of the last write: readers ask for what changed since their last read. */
  @Column({ name: 'changed_at', type: 'bigint', default: 0 })
  changedAt!: string;

  /** For a revoked token: its subject, so the per-subject cap can fold it. Null for subject rows. */
  @Column({ type: 'varchar', length: 256, nullable: true })
  subject!: string | null;

  /** For a revoked token: its iat (epoch seconds). Null for subject rows. */
  @Column({ name: 'issued_at', type: 'bigint', nullable: true })
  issuedAt!: string | null;
}
