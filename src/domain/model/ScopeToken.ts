/** Longest scope a client may be registered for; real ones (`orders:read`, a URL-like Google scope) are far shorter. */
export const MAX_SCOPE_LENGTH = 256;

/** RFC 6749 §3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ): printable ASCII without space, `"` or `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** True when `text` is one scope token, fit to be registered and later listed space-separated in `scope`. */
export function isScopeToken(text: string): boolean {
  return text.length <= MAX_SCOPE_LENGTH && SCOPE_TOKEN.test(text);
}
