import type { DpopNonces } from '../../src/domain/ports/DpopNonces';

/** Accepts the nonces listed; issues `current`. */
export class FakeDpopNonces implements DpopNonces {
  constructor(
    public currentNonce = 'nonce-now',
    readonly accepted: string[] = ['nonce-now', 'nonce-before'],
  ) {}

  current(): string {
    return this.currentNonce;
  }

  accepts(nonce: string): boolean {
    return this.accepted.includes(nonce);
  }
}
