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
    // As the HMAC adapter, which reads the nonce as text: only a string may reach a port typed so.
    if (typeof nonce !== 'string') throw new TypeError('a nonce is a string');
    return this.accepted.includes(nonce);
  }
}
