import { expect } from 'chai';
import request from 'supertest';
import { InvalidCredentialsError } from '../../../src/domain/errors';
import type { UserAuthenticator } from '../../../src/domain/ports/UserAuthenticator';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { PasswordCheckingAuthenticator } from '../../support/PasswordCheckingAuthenticator';
import { basic, expectOAuthError } from '../../support/oauthTestHttp';

const TOKEN = '/auth/oauth/token';


describe('OAuth token endpoint errors (RFC 6749 §5.2)', () => {
  let auth: AuthServer;
  let failNext: Error | null = null;

  before(async () => {
    const checking = new PasswordCheckingAuthenticator('right');
    const authenticator: UserAuthenticator = {
      authenticate: async (username, password) => {
        const error = failNext;
        failNext = null;
        if (error) throw error;
        return checking.authenticate(username, password);
      },
    };
    auth = await buildAuthServer(authTestConfig({ AUTH_CLIENTS: 'svc:s3cret' }), {
      configure: (container) => container.rebind(TYPES.UserAuthenticator).toConstantValue(authenticator),
    });
  });
  after(() => auth?.close());

  const form = (body: string) => request(auth.server).post(TOKEN).type('form').send(body);

  it('answers a valid client_credentials request with the standard JSON, no envelope', async () => {
    const res = await form('grant_type=client_credentials').set('Authorization', basic('svc', 's3cret')).expect(200);
    expect(Object.keys(res.body)).to.deep.equal(['access_token', 'token_type', 'expires_in']);
    expect(res.body).to.include({ token_type: 'Bearer', expires_in: auth.config.oauthAccessTokenTtlSeconds });
    expect(res.headers['cache-control']).to.equal('no-store');
  });

  it('invalid_request for a body that is not a form (JSON, well formed or not)', async () => {
    expectOAuthError(await request(auth.server).post(TOKEN).send({ grant_type: 'client_credentials' }), 400, 'invalid_request');
    expectOAuthError(await request(auth.server).post(TOKEN).type('json').send('{"grant_type":'), 400, 'invalid_request');
    expectOAuthError(await request(auth.server).post(TOKEN), 400, 'invalid_request');
  });

  it('invalid_request for a missing or repeated grant_type', async () => {
    expectOAuthError(await form('username=a&password=b'), 400, 'invalid_request');
    expectOAuthError(await form('grant_type=&username=a'), 400, 'invalid_request');
    expectOAuthError(await form('grant_type=password&grant_type=password&username=a&password=right'), 400, 'invalid_request');
  });

  it('unsupported_grant_type for grants this service does not speak', async () => {
    for (const grant of ['urn:ietf:params:oauth:grant-type:jwt-bearer', 'implicit', 'urn:ietf:params:oauth:grant-type:token-exchange']) {
      expectOAuthError(await form(`grant_type=${encodeURIComponent(grant)}`), 400, 'unsupported_grant_type');
    }
  });

  it('invalid_request for the device_code grant without its device_code (RFC 8628 §3.4)', async () => {
    expectOAuthError(await form(`grant_type=${encodeURIComponent('urn:ietf:params:oauth:grant-type:device_code')}`), 400, 'invalid_request');
  });

  it('invalid_client with 401 and a Basic challenge when Basic credentials are wrong', async () => {
    for (const header of [basic('svc', 'wrong'), basic('nobody', 's3cret'), 'Basic !!!not-base64', 'Basic ']) {
      const res = await form('grant_type=client_credentials').set('Authorization', header);
      expectOAuthError(res, 401, 'invalid_client');
      expect(res.headers['www-authenticate']).to.match(/^Basic realm="/);
    }
  });

  it('invalid_client with 400 and no challenge when the form body credentials are wrong or absent', async () => {
    for (const body of ['grant_type=client_credentials&client_id=svc&client_secret=wrong', 'grant_type=client_credentials', 'grant_type=client_credentials&client_id=svc']) {
      const res = await form(body);
      expectOAuthError(res, 400, 'invalid_client');
      expect(res.headers['www-authenticate']).to.equal(undefined);
    }
  });

  it('invalid_request for two client authentication methods at once, or a secret without an id', async () => {
    expectOAuthError(await form('grant_type=client_credentials&client_secret=s3cret').set('Authorization', basic('svc', 's3cret')), 400, 'invalid_request');
    expectOAuthError(await form('grant_type=client_credentials&client_secret=s3cret'), 400, 'invalid_request');
  });

  it('password grant: invalid_request without username or password, invalid_grant for a wrong password', async () => {
    expectOAuthError(await form('grant_type=password&password=right'), 400, 'invalid_request');
    expectOAuthError(await form('grant_type=password&username=admin'), 400, 'invalid_request');
    expectOAuthError(await form('grant_type=password&username=admin&password=wrong'), 400, 'invalid_grant');
    const ok = await form('grant_type=password&username=admin&password=right').expect(200);
    expect(ok.body.token_type).to.equal('Bearer');
  });

  it('password grant: wrong presented client credentials are invalid_client even with the right password', async () => {
    expectOAuthError(await form('grant_type=password&username=admin&password=right').set('Authorization', basic('svc', 'wrong')), 401, 'invalid_client');
  });

  it('413 invalid_request for an oversized form body', async () => {
    expectOAuthError(await form(`grant_type=password&username=admin&password=${'x'.repeat(20_000)}`), 413, 'invalid_request');
  });

  it('500 server_error without a stack trace when the user store fails unexpectedly', async () => {
    failNext = new Error('database exploded at /srv/secret/path');
    const res = await form('grant_type=password&username=admin&password=right');
    expectOAuthError(res, 500, 'server_error');
    expect(res.text).not.to.contain('exploded');
  });

  it('leaves the seed login as it was: envelope answers', async () => {
    failNext = new InvalidCredentialsError();
    const res = await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'right' }).expect(401);
    expect(Object.keys(res.body)).to.deep.equal(['success', 'status', 'msg', 'data']);
  });
});

describe('OAuth token endpoint without registered clients', () => {
  let auth: AuthServer;
  before(async () => {
    auth = await buildAuthServer(authTestConfig());
  });
  after(() => auth?.close());

  it('knows no client: client_credentials is invalid_client whatever is sent', async () => {
    const res = await request(auth.server).post(TOKEN).type('form').send('grant_type=client_credentials').set('Authorization', basic('any', 'thing'));
    expectOAuthError(res, 401, 'invalid_client');
  });
});
