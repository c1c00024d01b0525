import { createHmac, timingSafeEqual } from 'node:crypto';

/** Names this use of the shared form key, so a MAC made here means nothing to the sign-in form or DPoP nonces. */
const PURPOSE = 'auth-service/account-form/1';
const MAC_FIELD = /^[A-Za-z0-9_-]{43}$/;

/**
 * The account page's CSRF token: an HMAC, under the key every instance reads
 * from the shared store, of the browser's session cookie value. Another site
 * can neither read the page's field nor make one without the key and the
 * cookie; every tab of the session shares it, and it dies with the session.
 */
export class AccountFormTokens {
  private readonly key: Buffer;

  constructor(key: string) {
    this.key = Buffer.from(key, 'base64url');
  }

  issue(sessionToken: string): string {
    return createHmac('sha256', this.key).update(JSON.stringify([PURPOSE, sessionToken])).digest('base64url');
  }

  /** Compared in constant time; anything not shaped like a MAC is simply false. */
  matches(sessionToken: string, field: unknown): boolean {
    if (typeof field !== 'string' || !MAC_FIELD.test(field)) return false;
    // Both are 43 ASCII characters here: equal-length buffers, compared in constant time.
    return timingSafeEqual(Buffer.from(field), Buffer.from(this.issue(sessionToken)));
  }
}
