import { authenticationColumns, authenticationOfColumns } from './authenticationColumns';
import { LessThan, type DataSource } from 'typeorm';
import { grantedAccessOf, grantedAccessText } from './grantedAccessColumn';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { AuthorizationCodeStore, AuthorizationGrant, ConsumedCode } from '../../domain/ports/AuthorizationCodeStore';
import { AuthorizationCodeEntity } from './AuthorizationCodeEntity';
import { retryingTransaction } from './retryingTransaction';
import { tokenDigest } from './tokenDigest';

/**
 * AuthorizationCodeStore on TypeORM. `find` only reads. A code is consumed by `UPDATE … SET
 * used_at WHERE code_hash = ? AND used_at IS NULL`: one writer wins, on any
 * instance; the others learn the code was used (a replay).
 */
export class TypeOrmAuthorizationCodeStore implements AuthorizationCodeStore {
  constructor(private readonly dataSource: DataSource) {}

  async save(code: string, grant: AuthorizationGrant): Promise<void> {
    await this.dataSource.getRepository(AuthorizationCodeEntity).insert({
      codeHash: tokenDigest(code),
      clientId: grant.clientId,
      redirectUri: grant.redirectUri,
      codeChallenge: grant.codeChallenge ?? null,
      userClaims: JSON.stringify(grant.user),
      granted: grantedAccessText(grant.granted),
      familyId: grant.familyId,
      subject: grant.user.id,
      issuedAt: String(grant.issuedAt),
      authTime: String(grant.authTime),
      nonce: grant.nonce ?? null,
      sid: grant.sid ?? null,
      ...authenticationColumns(grant.authentication),
      expiresAt: String(grant.expiresAt),
      usedAt: null,
      replayedAt: null,
    });
  }

  async find(code: string): Promise<AuthorizationGrant | null> {
    const row = await this.dataSource.getRepository(AuthorizationCodeEntity).findOneBy({ codeHash: tokenDigest(code) });
    return row === null ? null : grantOf(row);
  }

  async consume(code: string, now: number): Promise<ConsumedCode | null> {
    const codeHash = tokenDigest(code);
    return retryingTransaction(this.dataSource, async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(AuthorizationCodeEntity)
        .set({ usedAt: String(now) })
        .where('code_hash = :codeHash AND used_at IS NULL', { codeHash })
        .execute();
      const firstUse = result.affected === 1;
      if (!firstUse) await manager.update(AuthorizationCodeEntity, { codeHash }, { replayedAt: String(now) });
      const row = await manager.findOneBy(AuthorizationCodeEntity, { codeHash });
      if (row === null) return null;
      return { grant: grantOf(row), firstUse };
    });
  }

  async wasReplayed(code: string): Promise<boolean> {
    const row = await this.dataSource.getRepository(AuthorizationCodeEntity).findOneBy({ codeHash: tokenDigest(code) });
    return row?.replayedAt != null;
  }

  async revokeSubject(subject: string): Promise<void> {
    await this.dataSource.getRepository(AuthorizationCodeEntity).delete({ subject });
  }

  async deleteOfClient(clientId: string): Promise<number> {
    const result = await this.dataSource.getRepository(AuthorizationCodeEntity).delete({ clientId });
    return result.affected ?? 0;
  }

  async purge(now: number): Promise<number> {
    const result = await this.dataSource.getRepository(AuthorizationCodeEntity).delete({ expiresAt: LessThan(String(now)) });
    return result.affected ?? 0;
  }
}

function grantOf(row: AuthorizationCodeEntity): AuthorizationGrant {
  return {
    clientId: row.clientId,
    redirectUri: row.redirectUri,
    ...(row.codeChallenge === null ? {} : { codeChallenge: row.codeChallenge }),
    user: JSON.parse(row.userClaims) as AuthenticatedUser,
    granted: grantedAccessOf(row.granted),
    familyId: row.familyId,
    // A code from before the column has no sign-in time: 0 puts it before any lock-out of its user.
    issuedAt: row.issuedAt === null ? 0 : Number(row.issuedAt),
    authTime: row.authTime === null ? 0 : Number(row.authTime),
    ...(row.nonce === null ? {} : { nonce: row.nonce }),
    ...(row.sid === null ? {} : { sid: row.sid }),
    ...authenticationOfColumns(row.acr, row.amr),
    expiresAt: Number(row.expiresAt),
  };
}
