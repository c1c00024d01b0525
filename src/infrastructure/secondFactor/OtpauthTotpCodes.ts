import type * as Otpauth from 'otpauth';
import type { TotpCodes } from '../../domain/ports/TotpCodes';

/** What every authenticator app assumes without being told (RFC 6238's defaults). */
const ALGORITHM = 'SHA1';
const DIGITS = 6;
const PERIOD_SECONDS = 30;

/** Required on the first enrolment or code, not at start-up: a password login never needs it. */
function otpauth(): typeof Otpauth {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('otpauth') as typeof Otpauth;
}

/** TotpCodes on otpauth: SHA-1, 6 digits, 30 s, a window of one step either side. */
export class OtpauthTotpCodes implements TotpCodes {
  newSecret(): string {
    const { Secret } = otpauth();
    // 160 bits: RFC 4226 §4 recommends them, and SHA-1's block takes them whole.
    // Stryker disable next-line ObjectLiteral: otpauth's default size is 20 bytes too; written for the reader
    return new Secret({ size: 20 }).base32;
  }

  uri(secret: string, account: string, issuer: string): string {
    const { Secret, TOTP } = otpauth();
    return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: DIGITS, period: PERIOD_SECONDS }).toString();
  }

  stepAt(at: Date): number {
    return otpauth().TOTP.counter({ period: PERIOD_SECONDS, timestamp: at.getTime() });
  }

  matchStep(secret: string, code: string, at: Date): number | null {
    const { Secret, TOTP } = otpauth();
    const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: DIGITS, period: PERIOD_SECONDS, timestamp: at.getTime(), window: 1 });
    return delta === null ? null : this.stepAt(at) + delta;
  }
}
