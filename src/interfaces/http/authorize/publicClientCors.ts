import { Router, type Request, type Response, type NextFunction } from 'express';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';

/** How long a browser may cache a preflight answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for browser apps (public clients) at the token, revocation and
 * userinfo endpoints: a request whose `Origin` is the origin of a redirect URI some
 * registered client uses may read the answer (`Access-Control-Allow-Origin`
 * naming that origin, never `*`, no credentials: the endpoints take no
 * cookies). A preflight (`OPTIONS`) is answered here; any other origin gets
 * no CORS headers, so the browser keeps the answer from the page.
 */
export function publicClientCors(clients: Pick<OAuthClientStore, 'list'>, methods: readonly string[] = ['POST']): Router {
  const router = Router();
  router.use((req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (typeof origin !== 'string' || origin === 'null') return next();
    allowedOrigins(clients)
      .then((allowed) => {
        res.vary('Origin');
        // Another origin: no CORS headers (express answers OPTIONS as for any route).
        if (!allowed.has(origin)) return next();
        res.set('Access-Control-Allow-Origin', origin);
        // A browser app reads the next DPoP nonce from the answer (RFC 9449 §8).
        if (req.method !== 'OPTIONS') {
          res.set('Access-Control-Expose-Headers', 'DPoP-Nonce, WWW-Authenticate');
          return next();
        }
        res.set({
          Allow: methods.join(', '),
          'Access-Control-Allow-Methods': methods.join(', '),
          'Access-Control-Allow-Headers': 'Authorization, Content-Type, DPoP',
          'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
        });
        return res.status(204).end();
      })
      .catch(next);
  });
  return router;
}

/** The origins of every registered redirect URI (http and https ones: a private-use scheme has no web origin). */
async function allowedOrigins(clients: Pick<OAuthClientStore, 'list'>): Promise<Set<string>> {
  const origins = new Set<string>();
  for (const client of await clients.list()) {
    for (const uri of client.redirectUris) {
      const url = new URL(uri);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    }
  }
  return origins;
}

/**
 * The provider's public documents (discovery, the key set) may be read from
 * any origin, as every OpenID Provider serves them: a browser app reads them
 * before it knows anything else. `*`, no credentials; they hold nothing private.
 */
export function publicDocumentCors(): Router {
  const router = Router();
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') return next();
    res.set('Access-Control-Allow-Origin', '*');
    if (req.method !== 'OPTIONS') return next();
    res.set({ Allow: 'GET, HEAD', 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS) });
    return res.status(204).end();
  });
  return router;
}
