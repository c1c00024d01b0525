import type { SecretGenerator } from '../../src/domain/ports/SecretGenerator';

/** `<prefix>-1`, `<prefix>-2`, … */
export class SequenceSecretGenerator implements SecretGenerator {
  private count = 0;

  constructor(private readonly prefix = 'secret') {}

  next(): string {
    this.count++;
    return `${this.prefix}-${this.count}`;
  }
}
