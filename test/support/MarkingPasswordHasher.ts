import type { PasswordHasher } from '../../src/domain/ports/PasswordHasher';

/** Marks the hash (`hashed:<password>`) so a test can see what was hashed; the real hasher has its own tests. */
export class MarkingPasswordHasher implements PasswordHasher {
  readonly hashed: string[] = [];

  async hash(password: string): Promise<string> {
    this.hashed.push(password);
    return `hashed:${password}`;
  }

  async verify(password: string, passwordHash: string): Promise<boolean> {
    return passwordHash === `hashed:${password}`;
  }

  needsRehash(): boolean {
    return false;
  }
}
