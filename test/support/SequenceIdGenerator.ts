import type { IdGenerator } from '../../src/domain/ports/IdGenerator';

/** `id-1`, `id-2`, … */
export class SequenceIdGenerator implements IdGenerator {
  private count = 0;

  next(): string {
    this.count++;
    return `id-${this.count}`;
  }
}
