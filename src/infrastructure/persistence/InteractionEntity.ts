import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A page shown after the sign-in (consent), by the digest of its uid, until it is answered or expires. */
@Entity({ name: 'interactions' })
export class InteractionEntity {
  @PrimaryColumn({ name: 'uid_hash', type: 'varchar', length: 64 })
  uidHash!: string;

  @Column({ type: 'varchar', length: 32 })
  kind!: string;

  /** Digest of the sign-in session's cookie value; null when sessions are off. */
  @Column({ name: 'session_hash', type: 'varchar', length: 64, nullable: true })
  sessionHash!: string | null;

  @Column({ type: 'varchar', length: 256 })
  subject!: string;

  @Column({ name: 'user_claims', type: 'text' })
  userClaims!: string;

  @Column({ name: 'client_id', type: 'varchar', length: 256 })
  clientId!: string;

  /** Epoch seconds (bigint: strings from the drivers). */
  @Column({ name: 'auth_time', type: 'bigint' })
  authTime!: string;

  @Column({ name: 'created_at', type: 'bigint' })
  createdAt!: string;

  @Column({ name: 'expires_at', type: 'bigint' })
  expiresAt!: string;

  /** OpenID Connect `acr` of the sign-in; null on rows from before the column (a password alone). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  acr!: string | null;

  /** RFC 8176 `amr` values, space-separated; null on rows from before the column. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  amr!: string | null;
}
