/**
 * What a token is for, read from its verified claims: the audiences it was
 * issued for (RFC 7519 §4.1.3, RFC 9068 §2.2) and the scopes it was granted
 * (RFC 9068 §2.2.3, RFC 8693 §4.2). Tokens without them (the login endpoint's)
 * read as none.
 */

/** The `aud` claim as a list: a string is one audience, an array its strings; anything else none. */
export function audienceOf(claims: { readonly aud?: unknown }): string[] {
  const { aud } = claims;
  if (typeof aud === 'string') return [aud];
  return Array.isArray(aud) ? aud.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** True when the token's `aud` names one of `accepted`, compared as exact strings (no normalisation). */
export function audienceAccepted(claims: { readonly aud?: unknown }, accepted: readonly string[]): boolean {
  return audienceOf(claims).some((audience) => accepted.includes(audience));
}

/** The `scope` claim as a list: space-separated scope tokens; none (or not a string) is []. */
export function scopesOf(claims: { readonly scope?: unknown }): string[] {
  const { scope } = claims;
  return typeof scope === 'string' ? scope.split(' ').filter((token) => token.length > 0) : [];
}

/**
 * A scope token as RFC 6749 §3.3 writes it: one or more printable ASCII characters
 * other than space, `"` and `\` (so it fits a quoted WWW-Authenticate parameter as is).
 */
export function isScopeToken(value: unknown): value is string {
  return typeof value === 'string' && /^[\x21\x23-\x5B\x5D-\x7E]+$/.test(value);
}
