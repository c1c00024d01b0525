import type { Request, Response } from 'express';

/** The value of one cookie of the request, undefined when absent or not one of ours (base64url). */
export function cookieOf(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    // Ours are 43 base64url characters; anything else is not worth a lookup.
    return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
  }
  return undefined;
}

export interface CookieOptions {
  readonly path: string;
  readonly sameSite: 'Strict' | 'Lax';
  /** Seconds; 0 deletes the cookie. Absent: a browser-session cookie. */
  readonly maxAge?: number;
}

/** Sets an HttpOnly cookie, Secure whenever the request came over TLS (directly or through a trusted proxy). */
export function setCookie(req: Request, res: Response, name: string, value: string, options: CookieOptions): void {
  const parts = [`${name}=${value}`, `Path=${options.path}`, 'HttpOnly', `SameSite=${options.sameSite}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (req.secure) parts.push('Secure');
  res.append('Set-Cookie', parts.join('; '));
}
