/** The prefix of every request_uri the PAR endpoint hands out (RFC 9126 §2.2). */
export const PUSHED_REQUEST_URI_PREFIX = 'urn:ietf:params:oauth:request_uri:';

/** How long a pushed request may be used (RFC 9126 §2.2: short; a browser redirect takes seconds). */
export const PUSHED_REQUEST_SECONDS = 60;

/** An authorization request a client pushed (RFC 9126): its parameters as checked, its client, until when it may be used. */
export interface PushedAuthorizationRequest {
  readonly requestUri: string;
  readonly clientId: string;
  /** The pushed parameters, each once, `resources` as a list: the authorization endpoint uses these and nothing else. */
  readonly parameters: Readonly<Record<string, string | readonly string[]>>;
  /** Epoch seconds. */
  readonly expiresAt: number;
}

export function isPushedRequestUri(value: string): boolean {
  return value.startsWith(PUSHED_REQUEST_URI_PREFIX);
}
