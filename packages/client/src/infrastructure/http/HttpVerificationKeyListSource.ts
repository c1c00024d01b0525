import { KeyFetchError } from '../../domain/errors';
import type { ListedKey, VerificationKeyListResponse, VerificationKeyListSource } from '../../domain/ports/VerificationKeyListSource';
import { basicAuthorization } from './basicAuthorization';
import { authServiceUrl, boundedGet } from './boundedGet';
import type { HttpPublicKeySourceOptions } from './HttpPublicKeySource';

/**
 * Fetches `GET {authServerUrl}/{authContextPath}/client/user/secret/keys` with the
 * appId and appSecret as HTTP Basic credentials (RFC 6749 §2.3.1; never in the URL).
 * 404 means an auth service without the list (the one-key endpoint answers
 * instead); refused connections, timeouts, redirects, 5xx and bodies that are
 * not the envelope are KeyFetchErrors whose messages never hold the secret.
 */
export class HttpVerificationKeyListSource implements VerificationKeyListSource {
  /** The endpoint (no credentials in it), safe to log. */
  readonly endpoint: string;

  constructor(private readonly options: HttpPublicKeySourceOptions) {
    this.endpoint = authServiceUrl(options.authServerUrl, options.authContextPath, '/client/user/secret/keys');
  }

  async fetchKeys(): Promise<VerificationKeyListResponse> {
    const authorization = basicAuthorization(this.options.appId, this.options.appSecret);
    const { status, text } = await boundedGet(new URL(this.endpoint), this.options.timeoutMs, this.options.appSecret, { authorization });
    if (status === 404) return { served: false };
    let body: { success?: unknown; data?: unknown } | null;
    try {
      body = JSON.parse(text) as { success?: unknown; data?: unknown } | null;
    } catch (error) {
      throw new KeyFetchError(`the key list did not answer JSON (HTTP ${status})`, { cause: error });
    }
    if (typeof body?.success !== 'boolean') throw new KeyFetchError(`the key list did not answer the envelope (HTTP ${status})`);
    if (!body.success) return { served: true, success: false, keys: [] };
    if (status < 200 || status > 299) throw new KeyFetchError(`the key list answered success with HTTP ${status}`);
    if (!Array.isArray(body.data) || !body.data.every(isListedKey)) throw new KeyFetchError('the key list answered success without a list of {kid, alg, key}');
    return { served: true, success: true, keys: body.data };
  }
}

function isListedKey(value: unknown): value is ListedKey {
  const entry = value as Partial<Record<keyof ListedKey, unknown>> | null;
  return typeof entry === 'object' && entry !== null && typeof entry.kid === 'string' && entry.kid.length > 0 && typeof entry.alg === 'string' && typeof entry.key === 'string';
}
