import type { JsonWebKeySetResponse, JsonWebKeySetSource } from '../../domain/ports/JsonWebKeySetSource';
import { authServiceUrl, boundedGet } from './boundedGet';

export interface HttpJsonWebKeySetSourceOptions {
  readonly authServerUrl: string;
  readonly authContextPath: string;
  readonly timeoutMs: number;
}

/**
 * Fetches `{authServerUrl}/{authContextPath}/.well-known/jwks.json`. Any answer
 * that is not a key set (404 from an older auth service, 5xx, a redirect, not
 * JSON) means "not published here": the caller falls back to the one-key endpoint.
 * Only when the server cannot be asked at all (refused, timeout) is it a
 * KeyFetchError, and then the one-key endpoint is not tried either.
 */
export class HttpJsonWebKeySetSource implements JsonWebKeySetSource {
  readonly endpoint: string;

  constructor(private readonly options: HttpJsonWebKeySetSourceOptions) {
    this.endpoint = authServiceUrl(options.authServerUrl, options.authContextPath, '/.well-known/jwks.json');
  }

  async fetchKeySet(): Promise<JsonWebKeySetResponse> {
    const { status, text } = await boundedGet(new URL(this.endpoint), this.options.timeoutMs, '', { anyStatus: true });
    if (status < 200 || status > 299) return { published: false };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { published: false };
    }
    const keys = (body as { keys?: unknown } | null)?.keys;
    if (!Array.isArray(keys)) return { published: false };
    return { published: true, keys: keys.filter((key): key is Record<string, unknown> => typeof key === 'object' && key !== null) };
  }
}
