import type { TotpCodes } from '../../src/domain/ports/TotpCodes';

/** TOTP without cryptography: the code of a step is the step's last six digits plus the secret's length, so tests can compute it. */
export class FakeTotpCodes implements TotpCodes {
  private secrets = 0;

  newSecret(): string {
    this.secrets++;
    return `SECRET${this.secrets}`;
  }

  uri(secret: string, account: string, issuer: string): string {
    return `otpauth://totp/${issuer}:${account}?secret=${secret}&issuer=${issuer}`;
  }

  stepAt(at: Date): number {
    return Math.floor(at.getTime() / 30000);
  }

  matchStep(secret: string, code: string, at: Date): number | null {
    const now = this.stepAt(at);
    for (const step of [now - 1, now, now + 1]) if (FakeTotpCodes.code(secret, step) === code) return step;
    return null;
  }

  static code(secret: string, step: number): string {
    return String((step + secret.length) % 1_000_000).padStart(6, '0');
  }
}
