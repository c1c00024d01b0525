import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { authTestConfig } from '../../support/authTestServer';

const RUNS = 150;
const KEYS = ['grant_type', 'client_id', 'client_secret', 'username', 'password', 'scope', 'token', 'token_type_hint', 'access_token', '__proto__', 'constructor', 'hasOwnProperty'];

/** A form body: known and polluting keys, repeated or not, with arbitrary (also undecodable) values. */
const formBody = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), fc.oneof(fc.constantFrom('password', 'client_credentials', 'svc', '%', '%E0%A4%A', '%00', 'svc%01', 'svc%C2%85', 'svc%E2%80%8B', ''), fc.string({ maxLength: 40 }))), { maxLength: 8 })
  .map((pairs) => pairs.map(([key, value]) => `${encodeURIComponent(key)}=${value}`).join('&'));
const authorization = fc.option(
  fc.oneof(
    fc.string({ maxLength: 60 }).map((text) => `Basic ${Buffer.from(text).toString('base64')}`),
    fc.string({ maxLength: 60 }).map((text) => `Bearer ${text}`),
    fc.string({ maxLength: 60 }),
  ),
);
/** Header values Node accepts (no control characters). */
const headerSafe = (value: string) => !/[^\t\x20-\x7e\x80-\xff]/.test(value);

describe('OAuth endpoints under arbitrary input: no 5xx, always the standard shape', () => {
  let auth: AuthServer;
  before(async () => {
    // The revocation endpoint counts malformed requests against the address: a limit no run reaches.
    auth = await buildAuthServer(authTestConfig({ AUTH_CLIENTS: 'svc:s3cret', AUTH_LOGIN_MAX_ATTEMPTS: '100000' }));
  });
  after(() => auth?.close());

  it('token endpoint: 200 with a token, or an RFC 6749 error, for any form body and Authorization header', async () => {
    await fc.assert(
      fc.asyncProperty(formBody, authorization, async (body, header) => {
        fc.pre(header === null || headerSafe(header));
        const req = request(auth.server).post('/auth/oauth/token').type('form');
        const res = await (header === null ? req : req.set('Authorization', header)).send(body);
        expect(res.status, res.text).to.be.below(500);
        expect(res.headers['cache-control']).to.equal('no-store');
        if (res.status === 200) expect(res.body.token_type).to.equal('Bearer');
        else expect(res.body.error).to.be.oneOf(['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type', 'temporarily_unavailable']);
      }),
      { numRuns: RUNS },
    );
  });

  it('userinfo: 401 with a Bearer challenge for any Authorization header that carries no token of ours', async () => {
    await fc.assert(
      fc.asyncProperty(authorization, async (header) => {
        fc.pre(header === null || headerSafe(header));
        const req = request(auth.server).get('/auth/oauth/userinfo');
        const res = await (header === null ? req : req.set('Authorization', header));
        expect(res.status, res.text).to.equal(401);
        expect(res.headers['www-authenticate']).to.match(/^Bearer/);
      }),
      { numRuns: RUNS },
    );
  });

  it('revocation endpoint: 200, or an RFC 6749/6750 error, for any form body and Authorization header', async () => {
    await fc.assert(
      fc.asyncProperty(formBody, authorization, async (body, header) => {
        fc.pre(header === null || headerSafe(header));
        const req = request(auth.server).post('/auth/oauth/revoke').type('form');
        const res = await (header === null ? req : req.set('Authorization', header)).send(body);
        expect(res.status, res.text).to.be.below(500);
        expect(res.headers['cache-control']).to.equal('no-store');
        if (res.status === 200) expect(res.body).to.include({ success: true });
        else expect(res.body.error, res.text).to.be.oneOf(['invalid_request', 'invalid_client', 'invalid_token', 'unauthorized_client', 'temporarily_unavailable']);
      }),
      { numRuns: RUNS },
    );
  });

  it('userinfo by POST: 401 or 400, with the RFC 6750 shape, for any form body and Authorization header', async () => {
    await fc.assert(
      fc.asyncProperty(formBody, authorization, async (body, header) => {
        fc.pre(header === null || headerSafe(header));
        const req = request(auth.server).post('/auth/oauth/userinfo').type('form');
        const res = await (header === null ? req : req.set('Authorization', header)).send(body);
        expect(res.status, res.text).to.be.oneOf([400, 401]);
        expect(res.headers['www-authenticate']).to.match(/^Bearer/);
        expect(res.headers['cache-control']).to.equal('no-store');
      }),
      { numRuns: RUNS },
    );
  });
});
