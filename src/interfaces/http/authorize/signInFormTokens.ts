import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AuthorizationFields } from './signInPage';

/** A MAC as it travels in the form: HMAC-SHA-256, base64url, 43 ASCII characters. */
const MAC_FIELD = /^[A-Za-z0-9_-]{43}$/;
/** Names this use of the key, so a MAC made here means nothing anywhere else. */
const PURPOSE = 'auth-service/sign-in-form/1';
const MIN_KEY_BYTES = 32;

/**
 * The sign-in form's CSRF token (RFC 6749 §10.12, RFC 9700 §4.7): the cookie
 * holds a random nonce, the hidden field its HMAC under the key every instance
 * reads from the shared store, over the authorization request the form
 * carries. Knowing or even setting the cookie is not enough: without the key
 * nobody can make the field for it, and a field read from one form does not
 * fit another request or another cookie. Any instance checks any instance's
 * form.
 */
export class SignInFormTokens {
  private readonly key: Buffer;

  constructor(key: string) {
    this.key = Buffer.from(key, 'base64url');
    if (this.key.length < MIN_KEY_BYTES) throw new Error(`the sign-in form key must hold at least ${MIN_KEY_BYTES} bytes`);
  }

  /**
   * A new nonce for the cookie and the field that goes with it, with `fields`
   * and with `also` (the consent page binds its interaction uid there, so a sign-in
   * form's token never fits a consent page and no uid fits another's token).
   */
  issue(fields: AuthorizationFields, also: readonly string[] = []): { cookie: string; field: string } {
    const cookie = randomBytes(32).toString('base64url');
    return { cookie, field: this.mac(cookie, fields, also) };
  }

  /** The field for another form on the page holding `cookie` (the sign-in page's passkey form, bound to its ticket). */
  fieldFor(cookie: string, fields: AuthorizationFields, also: readonly string[]): string {
    return this.mac(cookie, fields, also);
  }

  /** Whether `field` is the MAC of `cookie`, `fields` and `also`; anything not shaped like one is simply false. */
  matches(cookie: string | undefined, field: unknown, fields: AuthorizationFields, also: readonly string[] = []): boolean {
    if (cookie === undefined || typeof field !== 'string' || !MAC_FIELD.test(field)) return false;
    // Both are 43 ASCII characters here: equal-length buffers, compared in constant time.
    return timingSafeEqual(Buffer.from(field, 'ascii'), Buffer.from(this.mac(cookie, fields, also), 'ascii'));
  }

  private mac(nonce: string, fields: AuthorizationFields, also: readonly string[]): string {
    // A JSON array: no two different requests serialise alike.
    const bound = [
      PURPOSE,
      nonce,
      fields.client_id,
      fields.redirect_uri,
      fields.state ?? null,
      fields.code_challenge ?? null,
      fields.scope ?? null,
      fields.resource ?? null,
      fields.nonce ?? null,
      fields.max_age ?? null,
      fields.prompt ?? null,
      fields.ui_locales ?? null,
      // Only a page shown for a pushed request has one; the name keeps it apart from `also`'s values.
      ...(fields.request_uri === undefined ? [] : ['request_uri', fields.request_uri]),
      ...also,
    ];
    return createHmac('sha256', this.key).update(JSON.stringify(bound)).digest('base64url');
  }
}
