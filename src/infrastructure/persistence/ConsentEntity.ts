import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One approved scope of a user's consent for a client; the row with the
 * empty scope (no scope token is empty, RFC 6749 §3.3) says that the user
 * approved the client at all, so a consent for no scope exists too.
 */
@Entity({ name: 'oauth_consents' })
export class ConsentEntity {
  @PrimaryColumn({ type: 'varchar', length: 256 })
  subject!: string;

  @PrimaryColumn({ name: 'client_id', type: 'varchar', length: 256 })
  clientId!: string;

  @PrimaryColumn({ type: 'varchar', length: 256 })
  scope!: string;

  /** Epoch seconds. */
  @Column({ name: 'approved_at', type: 'bigint' })
  approvedAt!: string;
}
