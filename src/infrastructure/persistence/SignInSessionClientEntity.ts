import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A client a sign-in session issued codes to: told by Back-Channel Logout when the session ends. */
@Entity({ name: 'signin_session_clients' })
export class SignInSessionClientEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  sid!: string;

  @PrimaryColumn({ name: 'client_id', type: 'varchar', length: 256 })
  clientId!: string;

  @Column({ type: 'varchar', length: 256 })
  subject!: string;

  /** Epoch seconds: the session's expiry, after which the row is purged with it. */
  @Column({ name: 'expires_at', type: 'bigint' })
  expiresAt!: string;
}
