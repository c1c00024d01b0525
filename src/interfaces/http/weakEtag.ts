import * as crypto from 'node:crypto';

/** What the etag package answers for an empty body (its SHA-1 is a constant). */
const EMPTY_TAG = 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';

type OneShotHash = (algorithm: string, data: Buffer, outputEncoding: 'base64') => string;

/**
 * Express's default ETag (`app.set('etag', true)`: the etag package's weak tag
 * of the body, `W/"<length in hex>-<SHA-1 in base64, 27 characters>"`), the same
 * string computed with one crypto.hash call instead of a Hash object per
 * answer. Where crypto.hash is missing (Node before 20.12), the Hash object.
 */
export const weakEtag = weakEtagHashedBy((crypto as unknown as { hash?: OneShotHash }).hash);

/** The tag function over a one-shot hash (crypto.hash, Node 20.12+), or over a Hash object without one. */
export function weakEtagHashedBy(oneShot: OneShotHash | undefined): (body: Buffer | string, encoding?: BufferEncoding) => string {
  const sha1Base64 = oneShot ? (bytes: Buffer) => oneShot('sha1', bytes, 'base64') : (bytes: Buffer) => crypto.createHash('sha1').update(bytes).digest('base64');
  return (body, encoding) => {
    const bytes = typeof body === 'string' ? Buffer.from(body, encoding) : body;
    if (bytes.length === 0) return EMPTY_TAG;
    return `W/"${bytes.length.toString(16)}-${sha1Base64(bytes).substring(0, 27)}"`;
  };
}
