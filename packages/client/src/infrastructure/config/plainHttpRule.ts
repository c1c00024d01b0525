/**
 * Whether the auth service URL may be plain `http`: always over loopback (127.0.0.0/8,
 * ::1, localhost: the bytes never leave the machine), always outside NODE_ENV=production
 * (development, tests), and in production only when the service opts in with
 * `allowInsecureHttp` (a closed network it trusts). Over plain http the appSecret, the
 * keys (hmac: the signing secret itself) and the revocation feed cross the network
 * readable and changeable, so a production service must ask for it by name, as
 * openid-client 6 asks for `allowInsecureRequests`.
 *
 * Returns the problem to report, or undefined. `nodeEnv` is passed in (resolveClientOptions
 * reads `process.env.NODE_ENV` when it is called, never at import).
 */
export function plainHttpProblem(authServerUrl: unknown, allowInsecureHttp: unknown, nodeEnv: string | undefined, optionName: string): string | undefined {
  if (allowInsecureHttp === true || nodeEnv?.trim() !== 'production') return undefined;
  let url: URL;
  try {
    url = new URL(authServerUrl as string);
  } catch {
    // Not a URL (or no string at all): the URL check reports it.
    return undefined;
  }
  if (url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return undefined;
  return (
    `${url.origin}${url.pathname === '/' ? '' : url.pathname} is plain http to a host that is not loopback under NODE_ENV=production: ` +
    `the app secret, keys and revocations would cross the network readable; use https, or set ${optionName} to true to allow it`
  );
}

/** localhost, 127.0.0.0/8 or ::1 as WHATWG URL writes them (it turns `127.1` and `0x7f.0.0.1` into 127.0.0.1). */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
