import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A DPoP proof seen: the digest of its key's thumbprint and its `jti`, kept until its window ends. */
@Entity({ name: 'dpop_proofs' })
export class DpopProofEntity {
  /** SHA-256 (base64url) of `<jkt>.<jti>`: fixed length whatever the client sends. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  /** Epoch seconds: after this the proof is too old to be accepted anyway, and the row may go. */
  @Index('ix_dpop_proofs_keep_until')
  @Column({ name: 'keep_until', type: 'bigint' })
  keepUntil!: string;
}
