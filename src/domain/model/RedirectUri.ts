/** Longest redirect URI accepted at registration (and so at the authorization endpoint). */
export const MAX_REDIRECT_URI_LENGTH = 2048;

/**
 * A redirect URI a client may register (RFC 6749 §3.1.2, RFC 9700 §2.1,
 * RFC 8252): absolute, without a fragment; `https`, or `http` only on a
 * loopback host (a native or development app), or a private-use scheme with a
 * dot (`com.example.app:/callback`). Compared later as exact strings.
 */
export function isAcceptableRedirectUri(text: string): boolean {
  // Stryker disable next-line ConditionalExpression: `text.length === 0` made false is equivalent (new URL('') throws, so '' is refused anyway); the line's other conditions are killed by the length and whitespace tests
  if (text.length === 0 || text.length > MAX_REDIRECT_URI_LENGTH || /[\s\x00-\x1f\x7f]/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  // Stryker disable next-line ConditionalExpression: `url.hash !== ''` made false is equivalent: a non-empty fragment always puts a '#' in the text
  if (url.hash !== '' || text.includes('#')) return false;
  // Stryker disable next-line ConditionalExpression,StringLiteral: the URL parser never gives an https URL an empty host ('https://' throws), so `hostname !== ''` made true or compared to another string is equivalent; kept as a guard
  if (url.protocol === 'https:') return url.hostname !== '';
  if (url.protocol === 'http:') return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  // A private-use scheme is a reversed domain name (RFC 8252 §7.1); javascript:, data: and the like have no dot.
  // Stryker disable next-line Regex: dropping ^ or $ is equivalent: url.protocol is always one lowercase scheme ([a-z][a-z0-9+.-]*) and one final ':'; the other Regex mutants are killed by the scheme tests
  return /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol);
}

/**
 * A back-channel logout URI (Back-Channel Logout 1.0 §2.2): as a redirect URI
 * but only `https`, or `http` on a loopback host; the service POSTs to it.
 */
export function isAcceptableBackchannelLogoutUri(text: string): boolean {
  return isAcceptableRedirectUri(text) && /^https?:/.test(text);
}
