import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A client assertion's `jti` once accepted (private_key_jwt), by the digest of client and jti, until the assertion expires. */
@Entity({ name: 'used_client_assertions' })
export class UsedAssertionEntity {
  @PrimaryColumn({ name: 'jti_hash', type: 'varchar', length: 64 })
  jtiHash!: string;

  /** Epoch seconds (bigint: strings from the drivers). */
  @Column({ name: 'expires_at', type: 'bigint' })
  expiresAt!: string;
}
