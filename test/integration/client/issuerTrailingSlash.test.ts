import { expect } from 'chai';
import request from 'supertest';
import { startAuthServer, type RunningAuthServer } from '../../support/authTestServer';
import { buildTestClient } from '../../support/clientTestDemo';
import type { ClientDemo } from '../../../src/interfaces/composition/clientDemo';

const ISSUER = 'http://localhost/auth/';

function issClaim(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { iss: string }).iss;
}

/**
 * AUTH_ISSUER written with a trailing slash: tokens, discovery and both verifiers must agree on one
 * spelling (OpenID Connect and RFC 8414 compare the issuer as an exact string). Discovery used to strip
 * the slash while tokens kept it, so a client learning the issuer from discovery refused every token.
 */
describe('an AUTH_ISSUER with a trailing slash', () => {
  let running: RunningAuthServer;
  let client: ClientDemo;
  let token: string;

  before(async () => {
    running = await startAuthServer({ AUTH_ISSUER: ISSUER });
    client = buildTestClient({ AUTH_SERVER_URL: running.origin });
    expect((await client.provider.refresh()).outcome).to.equal('replaced');
    token = (await request(running.auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200)).body.data
      .access_token as string;
  });

  after(async () => {
    await client?.close();
    await running?.auth.close();
  });

  it('is published by discovery exactly as tokens carry it, endpoints without a doubled slash', async () => {
    const metadata = (await request(running.auth.server).get('/auth/.well-known/openid-configuration').expect(200)).body as Record<string, string>;
    expect(metadata.issuer).to.equal(ISSUER);
    expect(issClaim(token)).to.equal(ISSUER);
    expect(metadata.jwks_uri).to.equal('http://localhost/auth/.well-known/jwks.json');
    expect(metadata.token_endpoint).to.equal('http://localhost/auth/oauth/token');
  });

  it('lets the auth service and a client that learned the issuer from discovery accept the token', async () => {
    await request(running.auth.server).get('/auth/current/user/details').set('Authorization', `Bearer ${token}`).expect(200);
    const atClient = await request(client.server).get('/auth-client-demo/current/user/details').set('Authorization', `Bearer ${token}`);
    expect(atClient.status, JSON.stringify(atClient.body)).to.equal(200);
  });
});
