import { join } from 'node:path';
import type { Router } from 'express';
import { staticFiles } from './staticFiles';

/**
 * Browser libraries the pages load from 'self' (the CSP allows no other
 * script source): @simplewebauthn/browser's builds from node_modules (the
 * passkey button loads `index.umd.min.js`); a missing file falls through to the 404 envelope.
 */
export function vendorScripts(root: string): Router {
  return staticFiles(join(root, 'node_modules', '@simplewebauthn', 'browser', 'dist', 'bundle'));
}
