import { randomBytes } from 'node:crypto';
import type { SecretGenerator } from '../../domain/ports/SecretGenerator';

const SECRET_BYTES = 32;

/** 256 bits from node:crypto's CSPRNG, base64url (43 characters). */
export class RandomSecretGenerator implements SecretGenerator {
  next(): string {
    return randomBytes(SECRET_BYTES).toString('base64url');
  }
}
