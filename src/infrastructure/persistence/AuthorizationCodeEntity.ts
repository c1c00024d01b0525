import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One authorization code (its digest), what it grants, and whether it was used. */
@Entity({ name: 'authorization_codes' })
export class AuthorizationCodeEntity {
  @PrimaryColumn({ name: 'code_hash', type: 'varchar', length: 64 })
  codeHash!: string;

  @Column({ name: 'client_id', type: 'varchar', length: 256 })
  clientId!: string;

  @Column({ name: 'redirect_uri', type: 'text' })
  redirectUri!: string;

  /** Null when the authorization request sent no challenge (a confidential client without PKCE). */
  @Column({ name: 'code_challenge', type: 'varchar', length: 128, nullable: true })
  codeChallenge!: string | null;

  /** JSON of the signed-in AuthenticatedUser. */
  @Column({ name: 'user_claims', type: 'text' })
  userClaims!: string;

  /** Scopes and resources granted (grantedAccessColumn.ts); null on rows from before the column. */
  @Column({ type: 'text', nullable: true })
  granted!: string | null;

  /** The user id, so a lock-out deletes the user's codes. Null only for codes issued before this column. */
  @Column({ type: 'varchar', length: 256, nullable: true })
  subject!: string | null;

  /** Epoch seconds of the sign-in the code stands for. Null only for codes issued before this column. */
  @Column({ name: 'issued_at', type: 'bigint', nullable: true })
  issuedAt!: string | null;

  @Column({ name: 'family_id', type: 'varchar', length: 64 })
  familyId!: string;

  /** Epoch seconds. */
  @Column({ name: 'expires_at', type: 'bigint' })
  expiresAt!: string;

  @Column({ name: 'used_at', type: 'bigint', nullable: true })
  usedAt!: string | null;

  /** Set when the code was presented again after its first use. */
  @Column({ name: 'replayed_at', type: 'bigint', nullable: true })
  replayedAt!: string | null;

  /** When the user signed in; null on rows from before the column. */
  @Column({ name: 'auth_time', type: 'bigint', nullable: true })
  authTime!: string | null;

  @Column({ type: 'text', nullable: true })
  nonce!: string | null;

  /** The sign-in session the code came from; null without one (or from before the column). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  sid!: string | null;

  /** OpenID Connect `acr` of the sign-in; null on rows from before the column (a password alone). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  acr!: string | null;

  /** RFC 8176 `amr` values, space-separated; null on rows from before the column. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  amr!: string | null;
}
