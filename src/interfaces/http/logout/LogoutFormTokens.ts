import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A MAC as it travels in the form: HMAC-SHA-256, base64url, 43 ASCII characters. */
const MAC_FIELD = /^[A-Za-z0-9_-]{43}$/;
/** Names this use of the shared form key: a MAC of the sign-in form means nothing here, nor one of ours there. */
const PURPOSE = 'auth-service/logout-form/1';
const MIN_KEY_BYTES = 32;

/** What the confirmation form carries to its POST: the checked logout request. */
export interface LogoutFields {
  readonly client_id?: string;
  readonly post_logout_redirect_uri?: string;
  readonly state?: string;
  readonly ui_locales?: string;
}

/**
 * The logout confirmation's CSRF token, made as the sign-in form's
 * (SignInFormTokens): a random nonce in an HttpOnly SameSite=Strict cookie, the
 * hidden field its HMAC over the fields under the key every instance shares.
 * Another site can neither make a field for a cookie nor reuse a field read
 * from one page with other fields, so nobody signs a user out by a forged POST.
 */
export class LogoutFormTokens {
  private readonly key: Buffer;

  constructor(key: string) {
    this.key = Buffer.from(key, 'base64url');
    if (this.key.length < MIN_KEY_BYTES) throw new Error(`the form key must hold at least ${MIN_KEY_BYTES} bytes`);
  }

  issue(fields: LogoutFields): { cookie: string; field: string } {
    const cookie = randomBytes(32).toString('base64url');
    return { cookie, field: this.mac(cookie, fields) };
  }

  matches(cookie: string | undefined, field: unknown, fields: LogoutFields): boolean {
    if (cookie === undefined || typeof field !== 'string' || !MAC_FIELD.test(field)) return false;
    return timingSafeEqual(Buffer.from(field, 'ascii'), Buffer.from(this.mac(cookie, fields), 'ascii'));
  }

  private mac(nonce: string, fields: LogoutFields): string {
    const bound = [PURPOSE, nonce, fields.client_id ?? null, fields.post_logout_redirect_uri ?? null, fields.state ?? null, fields.ui_locales ?? null];
    return createHmac('sha256', this.key).update(JSON.stringify(bound)).digest('base64url');
  }
}
