import { expect } from 'chai';
import { createPublicKey, randomBytes } from 'node:crypto';
import request from 'supertest';
import type { KeyRing } from '../../../src/domain/model/KeyRing';
import type { ClientDemo } from '../../../src/interfaces/composition/clientDemo';
import { TYPES } from '../../../src/interfaces/composition/types';
import { loginToken } from '../../support/authContract';
import { startAuthServer, type RunningAuthServer } from '../../support/authTestServer';
import { buildTestClient } from '../../support/clientTestDemo';
import { decodeJws } from '../../support/compactJws';
import { FakeKeyServer } from '../../support/FakeKeyServer';
import { forgedTokens } from '../../support/forgedTokens';
import { RecordingLogger } from '../../support/RecordingLogger';
import { signingKey, signToken } from '../../support/testKeys';

const DETAILS = '/auth-client-demo/current/user/details';
const HEALTH = '/auth-client-demo/actuator/health';
const INVALID = { success: false, status: 401, msg: 'token 解析失败！', data: null };
const HMAC_FORGERIES = ['HS256 keyed with the Base64 public key text', 'HS256 keyed with the PEM public key', 'HS256 keyed with the DER bytes of the public key'];

/** Every token 401, health DOWN naming the refusal, one log line for it. */
async function expectRefusingEverything(client: ClientDemo, tokens: Record<string, string>, logger: RecordingLogger): Promise<void> {
  for (const [name, token] of Object.entries(tokens)) {
    const res = await request(client.server).get(DETAILS).set('Authorization', `Bearer ${token}`);
    expect(res.status, name).to.equal(401);
    expect(res.body, name).to.deep.equal(INVALID);
  }
  const health = await request(client.server).get(HEALTH).expect(503);
  expect(health.body.components.publicKey.status).to.equal('DOWN');
  expect(health.body.components.publicKey.details.error).to.match(/^the auth service key was refused: .*check AUTH_SIGN_METHOD|cannot verify/);
  await client.provider.refresh();
  const lines = logger.lines.filter((entry) => /does not fit this client sign method/.test(entry.message));
  expect(lines, 'one log line, not one per refresh').to.have.length(1);
}

describe('key confusion: a client whose sign method does not match the auth service', () => {
  for (const method of ['rsa', 'ecdsa'] as const) {
    for (const useJwks of ['true', 'false']) {
      describe(`hmac client against an ${method} auth service (AUTH_USE_JWKS=${useJwks})`, () => {
        let running: RunningAuthServer;
        let client: ClientDemo;
        const logger = new RecordingLogger();
        let tokens: Record<string, string>;

        before(async () => {
          running = await startAuthServer({ AUTH_SIGN_METHOD: method });
          const genuine = await loginToken(running.origin);
          const publicKey = running.auth.container.get<KeyRing>(TYPES.KeyRing).activeKey().publicKey;
          const forged = forgedTokens(genuine, publicKey);
          tokens = { genuine, ...Object.fromEntries(HMAC_FORGERIES.map((name) => [name, forged[name]])) };
          expect(decodeJws(tokens[HMAC_FORGERIES[0]]).header.alg).to.equal('HS256');
          client = buildTestClient({ AUTH_SERVER_URL: running.origin, AUTH_SIGN_METHOD: 'hmac', AUTH_USE_JWKS: useJwks }, (container) =>
            container.rebind(TYPES.Logger).toConstantValue(logger),
          );
          expect((await client.provider.refresh()).outcome).to.equal('rejected');
        });

        after(async () => {
          await client?.close();
          await running?.auth.close();
        });

        it('refuses the public key: HS256 tokens keyed with its Base64 text, DER bytes or PEM are 401, health DOWN', async () => {
          expect(client.provider.state().hasKey).to.equal(false);
          await expectRefusingEverything(client, tokens, logger);
        });
      });
    }
  }

  describe('hmac client against a key endpoint serving other encodings of a public key', () => {
    const rsa = signingKey('rsa');
    const pem = createPublicKey({ key: Buffer.from(rsa.publicKey, 'base64'), format: 'der', type: 'spki' }).export({ format: 'pem', type: 'spki' }).toString();
    const jwk = JSON.stringify(createPublicKey(pem).export({ format: 'jwk' }));
    const pkcs1 = createPublicKey(pem).export({ format: 'der', type: 'pkcs1' }).toString('base64');
    const ecPublic = signingKey('ec').publicKey;
    let fake: FakeKeyServer;
    let origin: string;

    before(async () => {
      fake = new FakeKeyServer();
      origin = await fake.start();
    });
    after(() => fake.close());

    for (const [name, text] of [['Base64 SPKI DER (rsa)', rsa.publicKey], ['PEM', pem], ['RSA JWK text', jwk], ['Base64 PKCS#1 DER', pkcs1], ['Base64 SPKI DER (ec)', ecPublic]]) {
      it(`refuses ${name} as an hmac secret`, async () => {
        fake.serveKey(text);
        const client = buildTestClient({ AUTH_SERVER_URL: origin, AUTH_SIGN_METHOD: 'hmac' });
        try {
          expect((await client.provider.refresh()).outcome).to.equal('rejected');
          expect(client.provider.state().keyRefused).to.be.a('string');
          const forged = forgedTokens(await signToken(rsa), rsa.publicKey);
          for (const bad of HMAC_FORGERIES) {
            expect((await request(client.server).get(DETAILS).set('Authorization', `Bearer ${forged[bad]}`)).status, bad).to.equal(401);
          }
        } finally {
          await client.close();
        }
      });
    }

    it('still accepts a real hmac secret (the control)', async () => {
      fake.serveKey(randomBytes(32).toString('base64'));
      const client = buildTestClient({ AUTH_SERVER_URL: origin, AUTH_SIGN_METHOD: 'hmac' });
      try {
        expect((await client.provider.refresh()).outcome).to.equal('replaced');
      } finally {
        await client.close();
      }
    });
  });

  describe('the other way round: rsa and ecdsa clients against an hmac auth service', () => {
    let running: RunningAuthServer;
    before(async () => {
      running = await startAuthServer({ AUTH_SIGN_METHOD: 'hmac', AUTH_CLIENTS: 'auth-client-demo:123456' });
    });
    after(() => running.auth.close());

    for (const method of ['rsa', 'ecdsa']) {
      it(`${method} client refuses the hmac secret: tokens 401, health DOWN`, async () => {
        const logger = new RecordingLogger();
        const client = buildTestClient({ AUTH_SERVER_URL: running.origin, AUTH_SIGN_METHOD: method }, (container) =>
          container.rebind(TYPES.Logger).toConstantValue(logger),
        );
        try {
          expect((await client.provider.refresh()).outcome).to.equal('rejected');
          await expectRefusingEverything(client, { genuine: await loginToken(running.origin) }, logger);
        } finally {
          await client.close();
        }
      });
    }
  });
});

