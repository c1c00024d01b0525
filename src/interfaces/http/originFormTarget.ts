import type { RequestHandler } from 'express';

/**
 * Reduces an absolute-form request target (`GET http://evil.example/auth
 * HTTP/1.1`, RFC 9112 §3.2.2) and leading `//` to the origin form
 * (`/auth`), first thing on every request. Redirects built from the request
 * URL (express static's trailing slash, Swagger UI's) then stay on this host:
 * the host a request names is never echoed into a Location.
 */
export function originFormTarget(): RequestHandler {
  return (req, _res, next) => {
    const target = originForm(req.url);
    if (target !== req.url) {
      req.url = target;
      req.originalUrl = target;
    }
    next();
  };
}

/** The path and query of a request target, with one leading slash. */
export function originForm(target: string): string {
  let path = target;
  if (!path.startsWith('/')) {
    // Absolute form: drop scheme and authority. Anything else unparsable becomes the root.
    const match = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*(.*)$/.exec(path);
    path = match ? match[1] : '/';
  }
  return `/${path.replace(/^\/+/, '')}`;
}
