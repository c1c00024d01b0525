import { randomBytes } from 'node:crypto';
import type { IdGenerator } from '../../domain/ports/IdGenerator';

/** 128 random bits, base64url. */
export class RandomIdGenerator implements IdGenerator {
  next(): string {
    return randomBytes(16).toString('base64url');
  }
}
