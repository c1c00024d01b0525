/** Longest resource a client may be registered for, as for redirect URIs. */
export const MAX_RESOURCE_LENGTH = 2048;

/**
 * RFC 3986 §4.3 absolute-URI, ASCII as the RFC writes it: a scheme, a colon,
 * then unreserved, reserved (but `#`) and `%` characters only.
 */
const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]*:[A-Za-z0-9\-._~:/?[\]@!$&'()*+,;=%]+$/;
/** A `%` not followed by two hex digits is no percent-encoding. */
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;
/** http and https name a host: `https://orders.example`, never `https:orders.example`. */
const WEB_SCHEME = /^https?:/i;
const WITH_AUTHORITY = /^https?:\/\/[^/?]/i;

/**
 * A resource indicator (RFC 8707 §2): an absolute URI without a fragment,
 * such as `https://orders.example` or `urn:example:orders`. It is kept and
 * later put in `aud` exactly as given, never normalised (no trailing slash
 * added, no case folded), so it is checked here as text, not rebuilt.
 */
export function isResourceIndicator(text: string): boolean {
  if (text.length > MAX_RESOURCE_LENGTH || !ABSOLUTE_URI.test(text) || BAD_PERCENT.test(text)) return false;
  if (WEB_SCHEME.test(text) && !WITH_AUTHORITY.test(text)) return false;
  try {
    new URL(text);
  } catch {
    return false;
  }
  return true;
}
