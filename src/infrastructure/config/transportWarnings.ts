import type { TrustProxy } from './trustProxy';

/** What the transport warnings look at: the issuer in force (configured or recorded), NODE_ENV and AUTH_TRUST_PROXY. */
export interface TransportSettings {
  readonly issuer: string;
  /** NODE_ENV=production. */
  readonly production: boolean;
  readonly trustProxy: TrustProxy;
}

/** One start-up warning: pino's fields, then the line. */
export type StartupWarning = readonly [Record<string, unknown>, string];

/**
 * Transport settings that start but are probably wrong, for the log at start-up
 * (not refusals: a test rig or a closed network may mean them).
 *
 * - Under NODE_ENV=production, a plain `http` issuer on a host that is not
 *   loopback: tokens, client secrets and (hmac) signing keys would cross the
 *   network readable. Client libraries refuse such a URL there unless told
 *   `allowInsecureHttp`; the service says so too.
 * - An `https` issuer without AUTH_TRUST_PROXY: the service itself speaks plain
 *   HTTP, so https means a TLS proxy in front; without trusting it every request
 *   comes from the proxy's address, so the per-address login and client-secret
 *   limits count every client together (one client's failures lock all out) and
 *   the logs name the proxy. (The sign-in cookies stay Secure: they follow an
 *   https issuer, not only `req.secure`.)
 */
export function transportWarnings(settings: TransportSettings): StartupWarning[] {
  const warnings: StartupWarning[] = [];
  const url = parsed(settings.issuer);
  if (url?.protocol === 'http:' && settings.production && !isLoopbackHost(url.hostname)) {
    warnings.push([
      { issuer: settings.issuer },
      'the issuer is plain http on a host that is not loopback under NODE_ENV=production: tokens, client secrets and keys cross the network readable; serve it over https (AUTH_ISSUER) through a TLS proxy',
    ]);
  }
  if (url?.protocol === 'https:' && settings.trustProxy === false) {
    warnings.push([
      { issuer: settings.issuer },
      'the issuer is https but AUTH_TRUST_PROXY is not set: behind the TLS proxy every request comes from the proxy address, so the per-address login and client-secret limits count all clients together and the logs name the proxy; set AUTH_TRUST_PROXY to the proxy hops or addresses',
    ]);
  }
  return warnings;
}

/** localhost, 127.0.0.0/8 or ::1 as WHATWG URL writes them (it turns `127.1` and `0x7f.0.0.1` into 127.0.0.1). */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

function parsed(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
