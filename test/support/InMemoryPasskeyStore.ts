import type { NewPasskey, Passkey } from '../../src/domain/model/Passkey';
import type { PasskeyStore } from '../../src/domain/ports/PasskeyStore';

/** Passkeys in an array, as the TypeORM store keeps them in the second-factor table. */
export class InMemoryPasskeyStore implements PasskeyStore {
  readonly passkeys: Passkey[] = [];
  /** Every user id and credential id looked up, in order. */
  readonly lookups: string[] = [];

  async passkeysOf(userId: string): Promise<readonly Passkey[]> {
    this.lookups.push(`user ${userId}`);
    return this.passkeys.filter((passkey) => passkey.userId === userId);
  }

  async findPasskey(credentialId: string): Promise<Passkey | null> {
    this.lookups.push(`credential ${credentialId}`);
    return this.passkeys.find((passkey) => passkey.credentialId === credentialId) ?? null;
  }

  async addPasskey(userId: string, factorId: string, passkey: NewPasskey, label: string, createdAt: Date): Promise<boolean> {
    if (this.passkeys.some((held) => held.credentialId === passkey.credentialId)) return false;
    this.passkeys.push({ ...passkey, factorId, userId, label, createdAt });
    return true;
  }

  async advanceCounter(credentialId: string, from: number, to: number): Promise<boolean> {
    const index = this.passkeys.findIndex((passkey) => passkey.credentialId === credentialId && passkey.counter === from);
    if (index < 0) return false;
    this.passkeys[index] = { ...this.passkeys[index], counter: to };
    return true;
  }

  async renamePasskey(userId: string, factorId: string, label: string): Promise<boolean> {
    const index = this.passkeys.findIndex((passkey) => passkey.userId === userId && passkey.factorId === factorId);
    if (index < 0) return false;
    this.passkeys[index] = { ...this.passkeys[index], label };
    return true;
  }
}
