import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The Content Security Policy of both services: only our own scripts, styles,
 * images and fetches; no plugins, no inline event handlers, no framing
 * (`frame-ancestors 'none'`). `upgrade-insecure-requests` is left out: the
 * services are reached over plain HTTP on loopback and behind TLS-terminating
 * load balancers, where upgrading would break the page.
 */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Security headers on every answer (helmet): the CSP above, `X-Frame-Options:
 * DENY`, `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`,
 * and helmet's other defaults (HSTS, COOP, CORP, …).
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/**
 * The same policy, but with inline `<style>` blocks allowed: Swagger UI's page
 * carries its CSS inline. Scripts stay `'self'` only.
 */
export function inlineStylePolicy(): RequestHandler {
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: { ...DIRECTIVES, styleSrc: ["'self'", "'unsafe-inline'"] },
  });
}
