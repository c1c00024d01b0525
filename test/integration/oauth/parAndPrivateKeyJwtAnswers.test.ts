import { expect } from 'chai';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { authTestConfig } from '../../support/authTestServer';
import { ClientKeyPair, JwksFiles, assertionFields } from '../../support/clientKeys';
import { clockAndFastHashing } from '../../support/clockAndFastHashing';
import { FixedClock } from '../../support/FixedClock';
import { PKCE_CHALLENGE } from '../../support/signInForCode';
import { STORE_BACKENDS, type SharedDatabase } from '../../support/storeBackends';
import { StoreCliBeside } from '../../support/StoreCliBeside';

const CALLBACK = 'http://127.0.0.1:9/callback';
const PKCE = { response_type: 'code', redirect_uri: CALLBACK, code_challenge: PKCE_CHALLENGE, code_challenge_method: 'S256' };

/**
 * The PAR endpoint's and private_key_jwt's answers through supertest, so each is checked against the
 * OpenAPI document (201, 400, 401 JSON; the authorization endpoint's 400 page), under AUTH_REQUIRE_PAR=all.
 */
describe('PAR and private_key_jwt answers, as documented (AUTH_REQUIRE_PAR=all)', function () {
  this.timeout(30_000);
  const clock = new FixedClock(new Date());
  const files = new JwksFiles();
  let database: SharedDatabase;
  let auth: AuthServer;
  let cli: StoreCliBeside;
  let key: ClientKeyPair;
  const now = () => Math.floor(clock.now().getTime() / 1000);
  const par = (fields: Record<string, string>) => request(auth.server).post('/auth/oauth/par').type('form').send(fields);

  before(async () => {
    key = await ClientKeyPair.generate('EdDSA', 'ed-1');
    database = await STORE_BACKENDS[0].create();
    const config = authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_REQUIRE_PAR: 'all' });
    const withClock = clockAndFastHashing(config, clock);
    auth = await buildAuthServer(config, { configure: withClock });
    cli = await StoreCliBeside.open(config, withClock);
    await cli.addClient('web', '--public', '--redirect-uri', CALLBACK);
    await cli.addClient('keyed', '--confidential', '--grant', 'client_credentials', '--grant', 'authorization_code', '--redirect-uri', CALLBACK, '--jwks', files.write({ keys: [key.publicJwk] }));
  });
  after(async () => {
    await auth?.close();
    await cli?.close();
    await database?.dispose();
    files.dispose();
  });

  it('discovery says PAR is required of every client; a front-channel request is invalid_request at the redirect URI', async () => {
    const metadata = await request(auth.server).get('/auth/.well-known/openid-configuration').expect(200);
    expect(metadata.body).to.include({ require_pushed_authorization_requests: true, pushed_authorization_request_endpoint: 'http://localhost/auth/oauth/par' });
    const refused = await request(auth.server).get('/auth/oauth/authorize').query({ ...PKCE, client_id: 'web' }).expect(302);
    expect(new URL(refused.headers.location as string).searchParams.get('error')).to.equal('invalid_request');
  });

  it('201 with a request_uri the authorization endpoint then takes; 400 page for one it cannot use', async () => {
    const pushed = await par({ ...PKCE, client_id: 'web' }).expect(201);
    expect(pushed.headers['cache-control']).to.equal('no-store');
    await request(auth.server).get('/auth/oauth/authorize').query({ client_id: 'web', request_uri: pushed.body.request_uri }).expect(200);
    const used = await request(auth.server).get('/auth/oauth/authorize').query({ client_id: 'web', request_uri: pushed.body.request_uri }).expect(400);
    expect(used.text).to.include('invalid_request_uri');
  });

  it('400 for what the authorization endpoint refuses, 401 invalid_client for a failed assertion', async () => {
    expect((await par({ ...PKCE, client_id: 'web', scope: 'never-registered' }).expect(400)).body.error).to.equal('invalid_scope');
    const forged = await par({ ...PKCE, ...assertionFields(await key.assertion('keyed', 'http://localhost/auth/oauth/token', now())) }).expect(401);
    expect(forged.body).to.deep.equal({ error: 'invalid_client', error_description: 'client authentication failed' });
    expect(forged.headers['www-authenticate']).to.match(/^Basic /);
    await par({ ...PKCE, ...assertionFields(await key.assertion('keyed', 'http://localhost/auth/oauth/par', now())) }).expect(201);
  });

  it('a body over 16 kB, or more parameters than a request has, is 413, as at the token endpoint', async () => {
    expect((await par({ ...PKCE, client_id: 'web', state: 'x'.repeat(17 * 1024) }).expect(413)).body.error).to.equal('invalid_request');
    const many = Object.fromEntries(Array.from({ length: 41 }, (_, index) => [`p${index}`, 'v']));
    expect((await par({ ...PKCE, client_id: 'web', ...many }).expect(413)).body.error).to.equal('invalid_request');
  });

  it('the token endpoint: 200 for a good assertion, 401 for it again', async () => {
    const assertion = await key.assertion('keyed', 'http://localhost/auth', now());
    await request(auth.server).post('/auth/oauth/token').type('form').send({ grant_type: 'client_credentials', ...assertionFields(assertion) }).expect(200);
    await request(auth.server).post('/auth/oauth/token').type('form').send({ grant_type: 'client_credentials', ...assertionFields(assertion) }).expect(401);
  });
});
