import { KeyFetchError } from '../../domain/errors';
import type { PublicKeyResponse, PublicKeySource } from '../../domain/ports/PublicKeySource';

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

/** No honest key answer comes near this; a larger body is not read to the end. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Fetches the key from the auth service's seed endpoint
 * `GET {authServerUrl}/{authContextPath}/client/user/secret/key?appId=&appSecret=`.
 * Refused connections, timeouts, redirects, 5xx and bodies that are not the
 * JSON envelope are KeyFetchErrors; an envelope with `success: false` (any
 * status below 500) is returned as is. Error messages never contain the secret.
 */
export class HttpPublicKeySource implements PublicKeySource {
  /** The endpoint without its query, safe to log. */
  readonly endpoint: string;

  constructor(private readonly options: HttpPublicKeySourceOptions) {
    this.endpoint = keyEndpoint(options.authServerUrl, options.authContextPath);
  }

  async fetch(): Promise<PublicKeyResponse> {
    const url = new URL(this.endpoint);
    url.searchParams.set('appId', this.options.appId);
    url.searchParams.set('appSecret', this.options.appSecret);
    const signal = AbortSignal.timeout(this.options.timeoutMs);

    let status: number;
    let text: string;
    try {
      const response = await fetch(url, { signal, redirect: 'manual', headers: { accept: 'application/json' } });
      status = response.status;
      if (status >= 500) {
        await response.body?.cancel();
        throw new KeyFetchError(`the key endpoint answered HTTP ${status}`);
      }
      if (status >= 300 && status < 400) {
        await response.body?.cancel();
        // Following it would send the app secret to another address.
        throw new KeyFetchError(`the key endpoint answered a redirect (HTTP ${status}), which is not followed`);
      }
      text = await readBounded(response);
    } catch (error) {
      if (error instanceof KeyFetchError) throw error;
      throw new KeyFetchError(this.failureReason(error), { cause: error });
    }
    return envelopeOf(text, status);
  }

  private failureReason(error: unknown): string {
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return `the key endpoint did not answer within ${this.options.timeoutMs} ms`;
    }
    // fetch says only "fetch failed"; the reason (ECONNREFUSED, bad port, …) is in its cause.
    const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
    const reason = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : String(error);
    return `the key endpoint is unreachable (${redact(reason, this.options.appSecret)})`;
  }
}

/** Belt and braces: no message leaves here with the secret in it, whatever the error text held. */
function redact(text: string, secret: string): string {
  return secret ? text.split(secret).join('[redacted]').split(encodeURIComponent(secret)).join('[redacted]') : text;
}

export function keyEndpoint(authServerUrl: string, authContextPath: string): string {
  const base = authServerUrl.replace(/\/+$/, '');
  const context = authContextPath.replace(/^\/+|\/+$/g, '');
  return `${base}${context ? `/${context}` : ''}/client/user/secret/key`;
}

async function readBounded(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new KeyFetchError(`the key endpoint answered more than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
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
