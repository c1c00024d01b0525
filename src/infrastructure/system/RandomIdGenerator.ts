import { randomFillSync } from 'node:crypto';
import type { IdGenerator } from '../../domain/ports/IdGenerator';

const ID_BYTES = 16;
/** Ids drawn from one fill of the pool: one CSPRNG call per 256 logins instead of one per login. */
const POOL_IDS = 256;

/**
 * 128 random bits, base64url. The bytes come from node:crypto's CSPRNG in
 * batches (as crypto.randomUUID does), and every byte is used for one id only.
 */
export class RandomIdGenerator implements IdGenerator {
  private readonly pool = Buffer.alloc(ID_BYTES * POOL_IDS);
  private offset = this.pool.length;

  next(): string {
    if (this.offset >= this.pool.length) {
      randomFillSync(this.pool);
      this.offset = 0;
    }
    const id = this.pool.toString('base64url', this.offset, this.offset + ID_BYTES);
    this.offset += ID_BYTES;
    return id;
  }
}
