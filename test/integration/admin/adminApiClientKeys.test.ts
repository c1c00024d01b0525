import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { ADMIN, adminClientFlags, clientToken, expectProblem } from '../../support/adminApi';
import { authTestConfig } from '../../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { StoreCliBeside } from '../../support/StoreCliBeside';
import { STORE_BACKENDS, type SharedDatabase } from '../../support/storeBackends';
import { fastPasswordHashing } from '../../support/fastPasswordHashing';

const publicJwk = (kid: string) => ({ ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' }), kid });

/** The admin API registers private_key_jwt and PAR settings as `clients add|update|show` do. */
describe('Admin API: a client’s keys (private_key_jwt), its PAR requirement and its required level', function () {
  this.timeout(60_000);
  let database: SharedDatabase;
  let cli: StoreCliBeside;
  let auth: AuthServer;
  let token: string;
  const call = () => request(auth.server);

  before(async () => {
    database = await STORE_BACKENDS[0].create();
    const config = authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_USER_STORE: 'database' });
    cli = await StoreCliBeside.open(config, fastPasswordHashing(config));
    const secret = await cli.addClient('ops-bot', ...adminClientFlags('admin:clients'));
    auth = await buildAuthServer(config, { configure: fastPasswordHashing(config) });
    token = await clientToken(auth.server, 'ops-bot', secret);
  });

  after(async () => {
    await auth?.close();
    await cli?.close();
    await database?.dispose();
  });

  it('creates a keyed client with no secret, shows its keys as the CLI does, and replaces them with a JWKS or the shown list', async () => {
    const first = publicJwk('k1');
    const created = await call()
      .post(`${ADMIN}/clients`)
      .set('Authorization', `Bearer ${token}`)
      .send({ id: 'signer', kind: 'confidential', grants: ['client_credentials'], jwks: { keys: [first] }, requirePar: true })
      .expect(201);
    expect(created.body).to.not.have.property('secret');
    expect(created.body).to.include({ requirePar: true });
    expect(created.body.jwks).to.deep.equal([first]);
    const shown = JSON.parse((await cli.clients(['show', 'signer', '--json'])).out.join('\n')) as { jwks: unknown };
    expect(shown.jwks, 'the same field as clients show --json').to.deep.equal(created.body.jwks);

    const second = publicJwk('k2');
    const patched = await call()
      .patch(`${ADMIN}/clients/signer`)
      .set('Authorization', `Bearer ${token}`)
      .set('If-Match', created.headers.etag as string)
      .send({ jwks: [second], requirePar: null, requireAcr: 'urn:auth-service:acr:mfa' })
      .expect(200);
    expect(patched.body.jwks).to.deep.equal([second]);
    expect(patched.body.requirePar ?? false).to.equal(false);
    expect(patched.body.requireAcr).to.equal('urn:auth-service:acr:mfa');
    const refused = await call().patch(`${ADMIN}/clients/signer`).set('Authorization', `Bearer ${token}`).set('If-Match', patched.headers.etag as string).send({ requireAcr: 'gold' });
    expectProblem(refused, 400, 'invalid-request');
  });

  it('refuses clearing the keys (such a client has no secret to fall back on) and a private key, naming the field', async () => {
    const current = await call().get(`${ADMIN}/clients/signer`).set('Authorization', `Bearer ${token}`).expect(200);
    const patch = (body: object) => call().patch(`${ADMIN}/clients/signer`).set('Authorization', `Bearer ${token}`).set('If-Match', current.headers.etag as string).send(body);
    expectProblem(await patch({ jwks: null }), 400, 'invalid-request', ['jwks']);
    expectProblem(await patch({ jwksUri: null }), 400, 'invalid-request', ['jwksUri']);
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const refused = await patch({ jwks: { keys: [privateKey.export({ format: 'jwk' })] } });
    expect(refused.status, refused.text).to.equal(400);
    expect(refused.text).to.not.include((privateKey.export({ format: 'jwk' }) as { d: string }).d);
  });
});
