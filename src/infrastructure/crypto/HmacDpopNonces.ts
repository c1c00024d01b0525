import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '@auth-service/client';
import type { DpopNonces } from '../../domain/ports/DpopNonces';

/** A nonce is issued for the current window and accepted in it and the next: alive between one and two windows. */
export const DPOP_NONCE_WINDOW_SECONDS = 120;

/**
 * DPoP nonces as `<window>.<HMAC-SHA256(key, "dpop-nonce:" + window)>`: every instance holding the shared
 * store's key issues the same nonce in a window and accepts every other's, with no store round trip.
 * The key is the shared one settled at start-up (`useKey`), under a purpose of its own.
 */
export class HmacDpopNonces implements DpopNonces {
  private key: string | null = null;

  constructor(private readonly clock: Clock) {}

  useKey(key: string): void {
    this.key = key;
  }

  current(): string {
    return this.nonceOf(this.window());
  }

  accepts(nonce: string): boolean {
    const dot = nonce.indexOf('.');
    const window = Number(nonce.slice(0, dot));
    const now = this.window();
    if (dot <= 0 || (window !== now && window !== now - 1)) return false;
    const expected = Buffer.from(this.nonceOf(window));
    const given = Buffer.from(nonce);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private window(): number {
    return Math.floor(this.clock.now().getTime() / 1000 / DPOP_NONCE_WINDOW_SECONDS);
  }

  private nonceOf(window: number): string {
    if (this.key === null) throw new Error('the DPoP nonce key is settled at start-up, before any request');
    return `${window}.${createHmac('sha256', this.key).update(`dpop-nonce:${window}`).digest('base64url')}`;
  }
}
