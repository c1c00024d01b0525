import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A browser's sign-in at the authorization endpoint, by the digest of its cookie. */
@Entity({ name: 'signin_sessions' })
export class SignInSessionEntity {
  @PrimaryColumn({ name: 'session_hash', type: 'varchar', length: 64 })
  sessionHash!: string;

  @Column({ type: 'varchar', length: 256 })
  subject!: string;

  @Column({ name: 'user_claims', type: 'text' })
  userClaims!: string;

  /** Epoch seconds; an ended session has it set to its end. */
  @Column({ name: 'expires_at', type: 'bigint' })
  expiresAt!: string;

  /** When the user signed in; null on rows from before the column. */
  @Column({ name: 'auth_time', type: 'bigint', nullable: true })
  authTime!: string | null;

  /** The session's `sid` for relying parties; null on rows from before the column. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  sid!: string | null;

  /** OpenID Connect `acr` of the sign-in; null on rows from before the column (a password alone). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  acr!: string | null;

  /** RFC 8176 `amr` values, space-separated; null on rows from before the column. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  amr!: string | null;
}
