import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Every refresh token ever issued in a family (its digest only), with the
 * access token issued beside it: a used token is recognised as a replay, and
 * ending the family reaches its access tokens.
 */
@Entity({ name: 'refresh_tokens' })
export class RefreshTokenEntity {
  /** SHA-256 (hex) of the token: 256 random bits need no slow hash. */
  @PrimaryColumn({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'family_id', type: 'varchar', length: 64 })
  familyId!: string;

  @Column({ name: 'access_jti', type: 'varchar', length: 256 })
  accessJti!: string;

  /** Epoch seconds. */
  @Column({ name: 'access_expires_at', type: 'bigint' })
  accessExpiresAt!: string;

  @Column({ name: 'created_at', type: 'bigint' })
  createdAt!: string;
}
