import type { RecoveryCodeGenerator } from '../../src/domain/ports/RecoveryCodeGenerator';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The given codes first, then `AAAAA-AAAAB`, `AAAAA-AAAAC`, …: recovery codes a test can predict. */
export class SequenceRecoveryCodes implements RecoveryCodeGenerator {
  private count = 0;

  constructor(private readonly first: string[] = []) {}

  next(): string {
    const given = this.first.shift();
    if (given !== undefined) return given;
    this.count++;
    return `AAAAA-AAAA${LETTERS[this.count % 32]}`;
  }
}
