import { randomInt } from 'node:crypto';
import type { RecoveryCodeGenerator } from '../../domain/ports/RecoveryCodeGenerator';

/** RFC 4648 base32: no 0/1/8/9, so no O-0 or I-1 confusion when a code is read off paper. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Recovery codes from the operating system's random source: ten base32 characters, `XXXXX-XXXXX`. */
export class RandomRecoveryCodeGenerator implements RecoveryCodeGenerator {
  next(): string {
    let code = '';
    for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  }
}
