import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A WebAuthn challenge waiting for the browser's answer, under what asked for it. */
@Entity({ name: 'webauthn_challenges' })
export class CeremonyChallengeEntity {
  @PrimaryColumn({ type: 'varchar', length: 400 })
  binding!: string;

  @Column({ type: 'varchar', length: 128 })
  challenge!: string;

  /** Epoch milliseconds. */
  @Column({ name: 'expires_at', type: 'bigint' })
  expiresAt!: string;
}
