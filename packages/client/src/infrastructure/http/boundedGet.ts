import { KeyFetchError } from '../../domain/errors';

/** No honest key answer comes near this; a larger body is not read to the end. */
const MAX_BODY_BYTES = 64 * 1024;

export interface BoundedAnswer {
  readonly status: number;
  readonly text: string;
}

export interface BoundedGetOptions {
  /** Answer 5xx and redirects with their status (and an empty text) instead of failing. */
  readonly anyStatus?: boolean;
  /** The Authorization header to send (the client's Basic credentials: basicAuthorization). */
  readonly authorization?: string;
}

/**
 * One GET to the auth service with a whole-request timeout and a bounded body.
 * Refused connections, timeouts and oversized bodies are KeyFetchErrors whose
 * messages never contain `secret`; so are redirects (never followed: they could
 * carry the credentials elsewhere) and 5xx, unless `anyStatus` asks for the
 * status instead (with an empty text).
 */
export async function boundedGet(url: URL, timeoutMs: number, secret = '', options: BoundedGetOptions = {}): Promise<BoundedAnswer> {
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.authorization !== undefined) headers.authorization = options.authorization;
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual', headers });
    const status = response.status;
    if (options.anyStatus && (status >= 500 || (status >= 300 && status < 400))) {
      await response.body?.cancel();
      return { status, text: '' };
    }
    if (status >= 500) {
      await response.body?.cancel();
      throw new KeyFetchError(`the key endpoint answered HTTP ${status}`);
    }
    if (status >= 300 && status < 400) {
      await response.body?.cancel();
      throw new KeyFetchError(`the key endpoint answered a redirect (HTTP ${status}), which is not followed`);
    }
    return { status, text: await readBounded(response) };
  } catch (error) {
    if (error instanceof KeyFetchError) throw error;
    throw new KeyFetchError(failureReason(error, url, timeoutMs, secret), { cause: error });
  }
}

function failureReason(error: unknown, url: URL, timeoutMs: number, secret: string): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `the key endpoint did not answer within ${timeoutMs} ms`;
  // fetch says only "fetch failed"; the reason (ECONNREFUSED, bad port, …) is in its cause.
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const reason = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : String(error);
  // The URL it tried, without its query (which may carry the app secret), so an operator sees a wrong address.
  return `the key endpoint is unreachable (${redact(reason, secret)} at ${redact(url.origin + url.pathname, secret)})`;
}

/** Belt and braces: no message leaves here with the secret in it, whatever the error text held. */
function redact(text: string, secret: string): string {
  return secret ? text.split(secret).join('[redacted]').split(encodeURIComponent(secret)).join('[redacted]') : text;
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

/** `{authServerUrl}/{authContextPath}{path}`, keeping a path prefix of the URL. */
export function authServiceUrl(authServerUrl: string, authContextPath: string, path: string): string {
  const base = authServerUrl.replace(/\/+$/, '');
  const context = authContextPath.replace(/^\/+|\/+$/g, '');
  return `${base}${context ? `/${context}` : ''}${path}`;
}
