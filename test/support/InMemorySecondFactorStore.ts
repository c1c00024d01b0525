import type { SecondFactor } from '../../src/domain/model/SecondFactor';
import type { RecoveryCodeStore } from '../../src/domain/ports/RecoveryCodeStore';
import type { SecondFactorStore } from '../../src/domain/ports/SecondFactorStore';
import type { TotpEnrolment, TotpSecretStore } from '../../src/domain/ports/TotpSecretStore';

/** Factors, TOTP enrolments and recovery codes in maps, as the TypeORM store keeps them in tables. */
export class InMemorySecondFactorStore implements SecondFactorStore, TotpSecretStore, RecoveryCodeStore {
  readonly totp = new Map<string, TotpEnrolment>();
  readonly others: SecondFactor[] = [];
  /** Unused codes by user. */
  readonly recovery = new Map<string, Set<string>>();

  async listOf(userId: string): Promise<readonly SecondFactor[]> {
    const enrolment = this.totp.get(userId);
    const totp: SecondFactor[] = enrolment?.confirmed ? [{ id: enrolment.factorId, userId, kind: 'totp', label: 'totp', createdAt: enrolment.createdAt }] : [];
    return [...totp, ...this.others.filter((factor) => factor.userId === userId)];
  }

  async listOfUsers(userIds: readonly string[]): Promise<ReadonlyMap<string, readonly SecondFactor[]>> {
    const byUser = new Map<string, readonly SecondFactor[]>();
    for (const id of userIds) {
      const factors = await this.listOf(id);
      if (factors.length > 0) byUser.set(id, factors);
    }
    return byUser;
  }

  async remove(userId: string, factorId: string): Promise<boolean> {
    if (this.totp.get(userId)?.factorId === factorId) return this.totp.delete(userId);
    const index = this.others.findIndex((factor) => factor.userId === userId && factor.id === factorId);
    if (index < 0) return false;
    this.others.splice(index, 1);
    return true;
  }

  async removeAll(userId: string): Promise<number> {
    const count = (await this.listOf(userId)).length;
    this.totp.delete(userId);
    this.recovery.delete(userId);
    for (let i = this.others.length - 1; i >= 0; i--) if (this.others[i].userId === userId) this.others.splice(i, 1);
    return count;
  }

  async findTotp(userId: string): Promise<TotpEnrolment | null> {
    return this.totp.get(userId) ?? null;
  }

  async startTotp(userId: string, factorId: string, secret: string, createdAt: Date): Promise<void> {
    if (this.totp.get(userId)?.confirmed) return;
    this.totp.set(userId, { factorId, secret, confirmed: false, lastStep: null, createdAt });
  }

  async confirmTotp(userId: string, factorId: string, step: number): Promise<boolean> {
    const enrolment = this.totp.get(userId);
    if (enrolment === undefined || enrolment.confirmed || enrolment.factorId !== factorId) return false;
    this.totp.set(userId, { ...enrolment, confirmed: true, lastStep: step });
    return true;
  }

  async acceptTotpStep(userId: string, step: number): Promise<boolean> {
    const enrolment = this.totp.get(userId);
    if (enrolment === undefined || !enrolment.confirmed || (enrolment.lastStep !== null && step <= enrolment.lastStep)) return false;
    this.totp.set(userId, { ...enrolment, lastStep: step });
    return true;
  }

  async replaceRecoveryCodes(userId: string, codes: readonly string[]): Promise<void> {
    this.recovery.set(userId, new Set(codes));
  }

  async useRecoveryCode(userId: string, code: string): Promise<boolean> {
    return this.recovery.get(userId)?.delete(code) ?? false;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    return this.recovery.get(userId)?.size ?? 0;
  }

  /** A confirmed TOTP enrolment, as if the user had finished enrolling at `lastStep`. */
  enrolTotp(userId: string, secret: string, lastStep: number | null = null): void {
    this.totp.set(userId, { factorId: `totp-${userId}`, secret, confirmed: true, lastStep, createdAt: new Date('2026-01-01T00:00:00Z') });
  }
}
