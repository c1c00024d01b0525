import { expect } from 'chai';
import type { Response } from 'supertest';

/** HTTP Basic client authentication as RFC 6749 §2.3.1 says: id and secret form-urlencoded, then Base64. */
export function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

/** RFC 6749 §5.2: `{ error, error_description? }`, never the envelope, never cached. */
export function expectOAuthError(res: Response, status: number, error: string): void {
  expect(res.status, res.text).to.equal(status);
  expect(res.headers['content-type']).to.match(/^application\/json/);
  expect(res.headers['cache-control']).to.equal('no-store');
  expect(res.body.error).to.equal(error);
  expect(Object.keys(res.body).every((key) => key === 'error' || key === 'error_description')).to.equal(true);
}
