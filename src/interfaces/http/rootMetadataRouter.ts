import { Router } from 'express';
import type { DiscoveryDocument } from './controllers/WellKnownController';

/** Where RFC 8414 §3.1 puts the metadata of an issuer with a path: `/.well-known/oauth-authorization-server` + the issuer's path. */
export function pathInsertedMetadataRoute(contextPath: string): string {
  return `/.well-known/oauth-authorization-server/${contextPath}`;
}

/**
 * RFC 8414 §3.1: for the issuer `https://host/auth` the metadata lives at
 * `https://host/.well-known/oauth-authorization-server/auth`, at the host root,
 * outside the service's context path. RFC 8414-mode discovery (openid-client 6,
 * oauth4webapi) looks only there. Served beside `<context>/.well-known/…` with
 * the same document and cache headers; any other path there is not ours and
 * falls through to the 404 answer. The context path may have several
 * segments (`api/auth`): the route is the literal path, built once. A proxy must forward this root path too
 * (deploy/nginx.conf forwards every path).
 */
export function rootMetadataRouter(contextPath: string, document: () => DiscoveryDocument): Router {
  const router = Router();
  router.get(pathInsertedMetadataRoute(contextPath), (_req, res) => {
    // A public document: browser apps read it from their own origin (as at <context>/.well-known).
    res.set({ 'Cache-Control': 'public, max-age=3600', 'Access-Control-Allow-Origin': '*' });
    res.json(document());
  });
  return router;
}
