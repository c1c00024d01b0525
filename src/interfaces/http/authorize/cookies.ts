import type { Request, Response } from 'express';

/** Our cookie values: 43 base64url characters (256 random bits); anything else is not worth a lookup. */
const OUR_VALUE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Where the endpoint's cookies go. Over TLS they carry the `__Host-` prefix,
 * which the browser accepts only with Secure, Path=/ and no Domain: a sibling
 * subdomain or a plain-http page of the same host cannot set or shadow them
 * (RFC 6265bis §4.1.3.2). Without TLS the prefix is impossible, and the
 * cookies keep to the endpoint's own path.
 */
export interface CookieScope {
  readonly secure: boolean;
  /** The path used without TLS. */
  readonly path: string;
}

/** The name a cookie has in this scope. */
export function cookieName(base: string, scope: CookieScope): string {
  return scope.secure ? `__Host-${base}` : base;
}

/** Every value the Cookie header gives for `name`, in order, as sent. */
export function cookieValues(req: Request, name: string): string[] {
  const header = req.headers.cookie;
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

/**
 * The value of one cookie of the request; undefined when absent, not one of
 * ours, or given more than once: which of two same-named cookies the browser
 * sends first depends on paths and creation times an attacker may have set,
 * so a duplicate is never resolved by order.
 */
export function cookieOf(req: Request, name: string): string | undefined {
  const values = cookieValues(req, name);
  return values.length === 1 && OUR_VALUE.test(values[0]) ? values[0] : undefined;
}

/** The distinct well-formed values given for `name` (a duplicate included): the ones worth ending. */
export function ourCookieValues(req: Request, name: string): string[] {
  return [...new Set(cookieValues(req, name).filter((value) => OUR_VALUE.test(value)))];
}

export interface CookieOptions {
  readonly sameSite: 'Strict' | 'Lax';
  /** Seconds; 0 deletes the cookie. Absent: a browser-session cookie. */
  readonly maxAge?: number;
}

/** Sets an HttpOnly cookie named for its scope: over TLS `__Host-`, Secure and Path=/. */
export function setCookie(res: Response, base: string, scope: CookieScope, value: string, options: CookieOptions): void {
  const parts = [`${cookieName(base, scope)}=${value}`, `Path=${scope.secure ? '/' : scope.path}`, 'HttpOnly', `SameSite=${options.sameSite}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (scope.secure) parts.push('Secure');
  res.append('Set-Cookie', parts.join('; '));
}

/**
 * Where the sign-in session cookie goes without TLS: the whole context path, so
 * the account page (`<context>/account`) sees the session the authorization
 * endpoint keeps (over TLS it is `__Host-`, Path=/, anyway).
 */
export function sessionCookiePath(base: string): string {
  return base;
}
