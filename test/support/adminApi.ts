import { expect } from 'chai';
import type { Server } from 'node:http';
import request, { type Response } from 'supertest';
import { basic } from './oauthTestHttp';

/** The admin API under the test config's context path. */
export const ADMIN = '/auth/admin/v1';

/** `clients add` flags of an admin client as docs/admin-api.md registers one, with the given admin scopes. */
export function adminClientFlags(...scopes: string[]): string[] {
  return ['--confidential', '--grant', 'client_credentials', ...scopes.flatMap((scope) => ['--scope', scope])];
}

/** A client_credentials access token of the client `id` from `server`'s token endpoint (all its scopes unless `scope`). */
export async function clientToken(server: Server | string, id: string, secret: string, scope?: string): Promise<string> {
  const res = await request(server)
    .post('/auth/oauth/token')
    .set('Authorization', basic(id, secret))
    .type('form')
    .send({ grant_type: 'client_credentials', ...(scope === undefined ? {} : { scope }) });
  expect(res.status, res.text).to.equal(200);
  return res.body.access_token as string;
}

/** An RFC 9457 problem answer: its status, media type, `type` ending and, when given, the fields of invalid-params. */
export function expectProblem(res: Response, status: number, type: string, invalidParams?: readonly string[]): void {
  expect(res.status, res.text).to.equal(status);
  expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
  expect(res.body).to.include({ status, type: `https://auth-service.example/problems/${type}` });
  expect(res.body.title).to.be.a('string');
  expect(res.body.detail).to.be.a('string');
  if (invalidParams !== undefined) expect((res.body['invalid-params'] as Array<{ name: string }>).map((param) => param.name)).to.deep.equal(invalidParams);
}
