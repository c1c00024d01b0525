import { KeyFetchError } from '../../domain/errors';
import type { RevocationEntries } from '../../domain/model/RevocationList';
import type { RevocationFeedAnswer, RevocationFeedSource } from '../../domain/ports/RevocationFeedSource';
import { basicAuthorization } from './basicAuthorization';
import { authServiceUrl } from './boundedGet';

export interface HttpRevocationFeedSourceOptions {
  readonly authServerUrl: string;
  readonly authContextPath: string;
  readonly appId: string;
  readonly appSecret: string;
  readonly timeoutMs: number;
}

/**
 * Far above any honest feed: entries leave once their tokens expire, each subject holds a bounded number of
 * them, and after the first fetch only changes come (100,000 entries are about 6 MB in full). A larger body is not read.
 */
const MAX_FEED_BYTES = 32 * 1024 * 1024;

/**
 * `GET {authServerUrl}/{authContextPath}/client/revocations[?since=cursor]` with
 * the appId and appSecret as HTTP Basic credentials (RFC 6749 §2.3.1; never in the
 * URL) and If-None-Match. Redirects are not followed (they could carry the
 * credentials elsewhere); error messages never contain the secret.
 */
export class HttpRevocationFeedSource implements RevocationFeedSource {
  readonly endpoint: string;
  private readonly authorization: string;

  constructor(private readonly options: HttpRevocationFeedSourceOptions) {
    this.endpoint = authServiceUrl(options.authServerUrl, options.authContextPath, '/client/revocations');
    this.authorization = basicAuthorization(options.appId, options.appSecret);
  }

  async fetch(etag: string | null, cursor: number | null = null): Promise<RevocationFeedAnswer> {
    const url = new URL(this.endpoint);
    if (cursor !== null) url.searchParams.set('since', String(cursor));
    let response: Response;
    try {
      response = await fetch(url, {
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'manual',
        headers: { accept: 'application/json', authorization: this.authorization, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      const reason = name === 'TimeoutError' || name === 'AbortError' ? `did not answer within ${this.options.timeoutMs} ms` : 'is unreachable';
      throw new KeyFetchError(`the revocation feed ${reason}`);
    }
    if (response.status === 304) return { kind: 'unchanged' };
    if (response.status === 404) {
      await response.body?.cancel();
      return { kind: 'absent' };
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      return { kind: 'refused', status: response.status };
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new KeyFetchError(`the revocation feed answered HTTP ${response.status}`);
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_FEED_BYTES) {
      await response.body?.cancel();
      throw new KeyFetchError(`the revocation feed answered more than ${MAX_FEED_BYTES} bytes`);
    }
    return { kind: 'entries', ...pageOf(await response.text()), etag: response.headers.get('etag') };
  }
}

/** The envelope's data: the entries, and the cursor and `full` flag of an incremental feed (absent from older services: a full list). */
function pageOf(text: string): { entries: RevocationEntries; cursor: number | null; full: boolean } {
  const entries = entriesOf(text);
  const { cursor, full } = ((JSON.parse(text) as { data?: unknown }).data ?? {}) as { cursor?: unknown; full?: unknown };
  if ((cursor !== undefined && !Number.isSafeInteger(cursor)) || (full !== undefined && typeof full !== 'boolean')) {
    throw new KeyFetchError('the revocation feed answered a malformed cursor');
  }
  return { entries, cursor: (cursor as number | undefined) ?? null, full: full !== false };
}

/** The envelope's data, checked field by field: anything else is a KeyFetchError, and the old entries stay. */
function entriesOf(text: string): RevocationEntries {
  let data: unknown;
  try {
    data = (JSON.parse(text) as { data?: unknown } | null)?.data;
  } catch {
    throw new KeyFetchError('the revocation feed did not answer JSON');
  }
  // `clients` (removed clients) is absent from a service that predates them: none.
  const { subjects, tokens, clients = [] } = (data ?? {}) as { subjects?: unknown; tokens?: unknown; clients?: unknown };
  if (!Array.isArray(subjects) || !Array.isArray(tokens) || !Array.isArray(clients)) throw new KeyFetchError('the revocation feed answered no entries');
  const valid =
    subjects.every((entry) => typeof entry?.subject === 'string' && typeof entry?.notBefore === 'number') &&
    tokens.every((entry) => typeof entry?.jti === 'string' && typeof entry?.expiresAt === 'number') &&
    clients.every((entry) => typeof entry?.clientId === 'string' && typeof entry?.notBefore === 'number');
  if (!valid) throw new KeyFetchError('the revocation feed answered malformed entries');
  return {
    subjects: subjects.map((entry: { subject: string; notBefore: number }) => ({ subject: entry.subject, notBefore: entry.notBefore })),
    tokens: tokens.map((entry: { jti: string; expiresAt: number }) => ({ jti: entry.jti, expiresAt: entry.expiresAt })),
    clients: clients.map((entry: { clientId: string; notBefore: number }) => ({ clientId: entry.clientId, notBefore: entry.notBefore })),
  };
}
