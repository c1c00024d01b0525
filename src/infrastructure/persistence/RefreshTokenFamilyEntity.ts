import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One refresh-token family: the grant a sign-in started, and the digest of its one current token. */
@Entity({ name: 'refresh_token_families' })
export class RefreshTokenFamilyEntity {
  @PrimaryColumn({ name: 'family_id', type: 'varchar', length: 64 })
  familyId!: string;

  /** The user id (`sub`). */
  @Column({ type: 'varchar', length: 256 })
  subject!: string;

  @Column({ name: 'client_id', type: 'varchar', length: 256, nullable: true })
  clientId!: string | null;

  /** The signed-in user's claims (JSON of AuthenticatedUser). */
  @Column({ name: 'user_claims', type: 'text' })
  userClaims!: string;

  /** Scopes and resources granted (grantedAccessColumn.ts); null on rows from before the column. */
  @Column({ type: 'text', nullable: true })
  granted!: string | null;

  /** SHA-256 (hex) of the family's current refresh token: the compare-and-swap target of a rotation. */
  @Column({ name: 'current_hash', type: 'varchar', length: 64 })
  currentHash!: string;

  /** Epoch seconds. */
  @Column({ name: 'created_at', type: 'bigint' })
  createdAt!: string;

  @Column({ name: 'expires_at', type: 'bigint' })
  expiresAt!: string;

  @Column({ name: 'last_used_at', type: 'bigint' })
  lastUsedAt!: string;

  @Column({ name: 'revoked_at', type: 'bigint', nullable: true })
  revokedAt!: string | null;

  /** When the user signed in for the grant; null on rows from before the column. */
  @Column({ name: 'auth_time', type: 'bigint', nullable: true })
  authTime!: string | null;

  /** The sign-in session of the grant; null without one (or from before the column). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  sid!: string | null;

  /** The DPoP key (RFC 7638 thumbprint) a public client's family is bound to; null when unbound. */
  @Column({ name: 'dpop_jkt', type: 'varchar', length: 64, nullable: true })
  dpopJkt!: string | null;
  /** OpenID Connect `acr` of the sign-in; null on rows from before the column (a password alone). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  acr!: string | null;

  /** RFC 8176 `amr` values, space-separated; null on rows from before the column. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  amr!: string | null;
}
