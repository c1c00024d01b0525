import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A passkey's WebAuthn material beside its row in second_factors (same id): the factor row names and lists it. */
@Entity({ name: 'passkey_credentials' })
export class PasskeyCredentialEntity {
  @PrimaryColumn({ name: 'factor_id', type: 'varchar', length: 64 })
  factorId!: string;

  /** base64url; unique. */
  @Column({ name: 'credential_id', type: 'varchar', length: 1400 })
  credentialId!: string;

  /** COSE public key, base64url (public: no cipher needed). */
  @Column({ name: 'public_key', type: 'text' })
  publicKey!: string;

  @Column({ type: 'bigint' })
  counter!: string;

  @Column({ type: 'boolean' })
  synced!: boolean;

  /** Space-separated transport hints. */
  @Column({ type: 'varchar', length: 256 })
  transports!: string;
}
