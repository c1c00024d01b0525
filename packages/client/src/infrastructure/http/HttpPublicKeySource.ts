import { KeyFetchError } from '../../domain/errors';
import type { PublicKeyResponse, PublicKeySource } from '../../domain/ports/PublicKeySource';
import { basicAuthorization } from './basicAuthorization';
import { authServiceUrl, boundedGet } from './boundedGet';

export interface HttpPublicKeySourceOptions {
  /** The auth service's origin, e.g. http://127.0.0.1:8001 (a path prefix is kept). */
  readonly authServerUrl: string;
  /** The auth service's context path, e.g. `auth`. */
  readonly authContextPath: string;
  readonly appId: string;
  readonly appSecret: string;
  /** Whole-request budget: connect, headers and body. */
  readonly timeoutMs: number;
}

/**
 * Fetches the key from the auth service's seed endpoint
 * `GET {authServerUrl}/{authContextPath}/client/user/secret/key` with the appId and
 * appSecret as HTTP Basic credentials (RFC 6749 §2.3.1; never in the URL).
 * Refused connections, timeouts, redirects, 5xx and bodies that are not the
 * JSON envelope are KeyFetchErrors; an envelope with `success: false` (any
 * status below 500) is returned as is. Error messages never contain the secret.
 */
export class HttpPublicKeySource implements PublicKeySource {
  /** The endpoint (no credentials in it), safe to log. */
  readonly endpoint: string;

  constructor(private readonly options: HttpPublicKeySourceOptions) {
    this.endpoint = keyEndpoint(options.authServerUrl, options.authContextPath);
  }

  async fetch(): Promise<PublicKeyResponse> {
    const authorization = basicAuthorization(this.options.appId, this.options.appSecret);
    const { status, text } = await boundedGet(new URL(this.endpoint), this.options.timeoutMs, this.options.appSecret, { authorization });
    return envelopeOf(text, status);
  }
}

export function keyEndpoint(authServerUrl: string, authContextPath: string): string {
  return authServiceUrl(authServerUrl, authContextPath, '/client/user/secret/key');
}

function envelopeOf(text: string, status: number): PublicKeyResponse {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new KeyFetchError(`the key endpoint did not answer JSON (HTTP ${status})`, { cause: error });
  }
  const success = (body as { success?: unknown } | null)?.success;
  const data = (body as { data?: unknown } | null)?.data;
  if (typeof success !== 'boolean') throw new KeyFetchError(`the key endpoint did not answer the envelope (HTTP ${status})`);
  if (success && (status < 200 || status > 299)) throw new KeyFetchError(`the key endpoint answered success with HTTP ${status}`);
  if (success && typeof data !== 'string') throw new KeyFetchError('the key endpoint answered success without a key');
  return { success, data: typeof data === 'string' ? data : null };
}
