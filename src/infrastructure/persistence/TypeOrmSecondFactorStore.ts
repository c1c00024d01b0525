import { createHash } from 'node:crypto';
import { In, type DataSource } from 'typeorm';
import { SECOND_FACTOR_KINDS, type SecondFactor, type SecondFactorKind } from '../../domain/model/SecondFactor';
import type { KeyCipher } from '../../domain/ports/KeyCipher';
import type { RecoveryCodeStore } from '../../domain/ports/RecoveryCodeStore';
import type { SecondFactorStore } from '../../domain/ports/SecondFactorStore';
import type { TotpEnrolment, TotpSecretStore } from '../../domain/ports/TotpSecretStore';
import { PlaintextKeyCipher } from '../crypto/AesGcmKeyCipher';
import { PasskeyCredentialEntity } from './PasskeyCredentialEntity';
import { RecoveryCodeEntity } from './RecoveryCodeEntity';
import { SecondFactorEntity } from './SecondFactorEntity';

const TOTP_LABEL = 'Authenticator app';

/**
 * Second factors on TypeORM (SQLite or PostgreSQL). A TOTP secret goes
 * through the KeyCipher with the factor's id as associated data, so a secret
 * moved to another row does not decrypt. Accepting a step and using a
 * recovery code are single conditional statements: of instances racing with
 * the same code, one wins.
 */
export class TypeOrmSecondFactorStore implements SecondFactorStore, TotpSecretStore, RecoveryCodeStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cipher: KeyCipher = new PlaintextKeyCipher(),
  ) {}

  async listOf(userId: string): Promise<readonly SecondFactor[]> {
    return (await this.listOfUsers([userId])).get(userId) ?? [];
  }

  async listOfUsers(userIds: readonly string[]): Promise<ReadonlyMap<string, readonly SecondFactor[]>> {
    const byUser = new Map<string, SecondFactor[]>();
    if (userIds.length === 0) return byUser;
    const rows = await this.factors().find({ where: { userId: In([...userIds]), confirmed: true }, order: { createdAt: 'ASC', id: 'ASC' } });
    for (const row of rows) {
      if (!isKind(row.kind)) continue;
      const factor: SecondFactor = { id: row.id, userId: row.userId, kind: row.kind, label: row.label, createdAt: new Date(Number(row.createdAt)) };
      byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), factor]);
    }
    return byUser;
  }

  /** A passkey's credential row goes with its factor row: no public key of a removed passkey stays behind. */
  async remove(userId: string, factorId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const removed = ((await manager.getRepository(SecondFactorEntity).delete({ userId, id: factorId })).affected ?? 0) > 0;
      if (removed) await manager.getRepository(PasskeyCredentialEntity).delete({ factorId });
      return removed;
    });
  }

  async removeAll(userId: string): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await manager.getRepository(SecondFactorEntity).find({ where: { userId }, select: { id: true, confirmed: true } });
      await manager.getRepository(SecondFactorEntity).delete({ userId });
      if (rows.length > 0) await manager.getRepository(PasskeyCredentialEntity).delete({ factorId: In(rows.map((row) => row.id)) });
      await manager.getRepository(RecoveryCodeEntity).delete({ userId });
      return rows.filter((row) => row.confirmed).length;
    });
  }

  /**
   * `keys encrypt`: every TOTP secret still in plaintext (stored before
   * AUTH_KEY_ENCRYPTION_KEY was set) rewritten under this store's cipher, each
   * only if unchanged meanwhile; answers how many were.
   */
  async reencryptTotpSecrets(readWith: KeyCipher): Promise<number> {
    let changed = 0;
    for (const row of await this.factors().find({ where: { kind: 'totp' } })) {
      if (row.secret === null || this.cipher.isEncrypted(row.secret)) continue;
      const secret = this.cipher.encrypt(readWith.decrypt(row.secret, associatedData(row.id)), associatedData(row.id));
      changed += (await this.factors().update({ id: row.id, secret: row.secret }, { secret })).affected ?? 0;
    }
    return changed;
  }

  async findTotp(userId: string): Promise<TotpEnrolment | null> {
    const row = await this.factors().findOne({ where: { userId, kind: 'totp' } });
    if (row === null || row.secret === null) return null;
    return {
      factorId: row.id,
      secret: this.cipher.decrypt(row.secret, associatedData(row.id)),
      confirmed: row.confirmed,
      lastStep: row.lastStep === null ? null : Number(row.lastStep),
      createdAt: new Date(Number(row.createdAt)),
    };
  }

  async startTotp(userId: string, factorId: string, secret: string, createdAt: Date): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const factors = manager.getRepository(SecondFactorEntity);
      await factors.delete({ userId, kind: 'totp', confirmed: false });
      // A confirmed enrolment keeps the unique TOTP row: the insert is ignored (the caller refused that case before).
      await manager
        .createQueryBuilder()
        .insert()
        .into(SecondFactorEntity)
        .values({
          id: factorId,
          userId,
          kind: 'totp',
          label: TOTP_LABEL,
          confirmed: false,
          secret: this.cipher.encrypt(secret, associatedData(factorId)),
          lastStep: null,
          createdAt: String(createdAt.getTime()),
        })
        .orIgnore()
        .execute();
    });
  }

  async confirmTotp(userId: string, factorId: string, step: number): Promise<boolean> {
    const result = await this.factors().update({ id: factorId, userId, kind: 'totp', confirmed: false }, { confirmed: true, lastStep: String(step) });
    return (result.affected ?? 0) > 0;
  }

  async acceptTotpStep(userId: string, step: number): Promise<boolean> {
    const result = await this.factors()
      .createQueryBuilder()
      .update()
      .set({ lastStep: String(step) })
      .where({ userId, kind: 'totp', confirmed: true })
      .andWhere('(last_step IS NULL OR last_step < :step)', { step })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async replaceRecoveryCodes(userId: string, codes: readonly string[], at: Date): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(RecoveryCodeEntity).delete({ userId });
      const rows = codes.map((code) => ({ userId, digest: recoveryCodeDigest(userId, code), createdAt: String(at.getTime()) }));
      if (rows.length > 0) await manager.getRepository(RecoveryCodeEntity).insert(rows);
    });
  }

  async useRecoveryCode(userId: string, code: string): Promise<boolean> {
    return ((await this.codes().delete({ userId, digest: recoveryCodeDigest(userId, code) })).affected ?? 0) > 0;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    return this.codes().count({ where: { userId } });
  }

  private factors() {
    return this.dataSource.getRepository(SecondFactorEntity);
  }

  private codes() {
    return this.dataSource.getRepository(RecoveryCodeEntity);
  }
}

function isKind(kind: string): kind is SecondFactorKind {
  return (SECOND_FACTOR_KINDS as readonly string[]).includes(kind);
}

function associatedData(factorId: string): string {
  return `second-factor:${factorId}`;
}

/**
 * SHA-256 of the user's id and the code: a recovery code has 50 random bits
 * and is only tried after the password, under the login limits; the user's id
 * in the digest keeps one precomputed table from serving every user.
 */
function recoveryCodeDigest(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}\u0000${code}`, 'utf8').digest('hex');
}

