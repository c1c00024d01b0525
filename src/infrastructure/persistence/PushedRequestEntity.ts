import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A pushed authorization request (RFC 9126), by the digest of its request_uri, until it is used or expires. */
@Entity({ name: 'pushed_authorization_requests' })
export class PushedRequestEntity {
  @PrimaryColumn({ name: 'uri_hash', type: 'varchar', length: 64 })
  uriHash!: string;

  @Column({ name: 'client_id', type: 'varchar', length: 256 })
  clientId!: string;

  /** JSON object of the pushed parameters, as checked. */
  @Column({ type: 'text' })
  parameters!: string;

  /** Epoch seconds (bigint: strings from the drivers). */
  @Column({ name: 'expires_at', type: 'bigint' })
  expiresAt!: string;
}
