import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A device authorization request (RFC 8628), by the digest of its device code, until redeemed or expired. */
@Entity({ name: 'device_authorizations' })
export class DeviceAuthorizationEntity {
  @PrimaryColumn({ name: 'device_code_hash', type: 'varchar', length: 64 })
  deviceCodeHash!: string;

  /** Normalised (no dash); unique (an index in the migration). */
  @Column({ name: 'user_code', type: 'varchar', length: 16 })
  userCode!: string;

  @Column({ name: 'client_id', type: 'varchar', length: 256 })
  clientId!: string;

  /** JSON of the GrantedAccess asked for. */
  @Column({ type: 'text' })
  granted!: string;

  /** Epoch seconds (bigint: strings from the drivers). */
  @Column({ name: 'created_at', type: 'bigint' })
  createdAt!: string;

  @Column({ name: 'expires_at', type: 'bigint' })
  expiresAt!: string;

  @Column({ name: 'poll_interval', type: 'integer' })
  pollInterval!: number;

  @Column({ name: 'last_polled_at', type: 'bigint', nullable: true })
  lastPolledAt!: string | null;

  @Column({ type: 'varchar', length: 16 })
  decision!: string;

  /** The approving user's id: found by user, as every grant that can mint. */
  @Column({ type: 'varchar', length: 256, nullable: true })
  subject!: string | null;

  /** JSON of the DeviceApproval; null until approved. */
  @Column({ type: 'text', nullable: true })
  approval!: string | null;
}
