import { authenticationColumns, authenticationOfColumns } from './authenticationColumns';
import { LessThanOrEqual, type DataSource } from 'typeorm';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { ConsumedInteraction, Interaction, InteractionKind } from '../../domain/model/Interaction';
import type { InteractionStore } from '../../domain/ports/InteractionStore';
import { InteractionEntity } from './InteractionEntity';
import { tokenDigest } from './tokenDigest';

/** InteractionStore on TypeORM: rows by the digest of the uid; consuming one deletes it. */
export class TypeOrmInteractionStore implements InteractionStore {
  constructor(private readonly dataSource: DataSource) {}

  async create(interaction: Interaction): Promise<void> {
    await this.dataSource.getRepository(InteractionEntity).insert({
      uidHash: tokenDigest(interaction.uid),
      kind: interaction.kind,
      sessionHash: interaction.session === null ? null : tokenDigest(interaction.session),
      subject: interaction.user.id,
      userClaims: JSON.stringify(interaction.user),
      clientId: interaction.clientId,
      authTime: String(interaction.authTime),
      createdAt: String(interaction.createdAt),
      expiresAt: String(interaction.expiresAt),
      ...authenticationColumns(interaction.authentication),
    });
  }

  async consume(uid: string, session: string | null): Promise<ConsumedInteraction | null> {
    const repository = this.dataSource.getRepository(InteractionEntity);
    const uidHash = tokenDigest(uid);
    const row = await repository.findOneBy({ uidHash });
    if (row === null) return null;
    // The one conditional statement: of callers racing on any instances, only the one whose DELETE removed the row wins.
    const deleted = await repository.delete({ uidHash });
    if (deleted.affected !== 1) return null;
    return {
      interaction: {
        uid,
        kind: row.kind as InteractionKind,
        user: JSON.parse(row.userClaims) as AuthenticatedUser,
        clientId: row.clientId,
        authTime: Number(row.authTime),
        createdAt: Number(row.createdAt),
        expiresAt: Number(row.expiresAt),
        ...authenticationOfColumns(row.acr, row.amr),
      },
      sameSession: row.sessionHash === (session === null ? null : tokenDigest(session)),
    };
  }

  async purge(now: number): Promise<number> {
    // ix_interactions_expires_at: one indexed range delete.
    const result = await this.dataSource.getRepository(InteractionEntity).delete({ expiresAt: LessThanOrEqual(String(now)) });
    return result.affected ?? 0;
  }
}
