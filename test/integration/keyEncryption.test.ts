import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { keysCommandOutput } from '../../src/interfaces/composition/keysCli';
import { authTestConfig } from '../support/authTestServer';
import { dataSourceOptions } from '../../src/infrastructure/persistence/createDataSource';
import type { TotpSecretStore } from '../../src/domain/ports/TotpSecretStore';
import { TYPES } from '../../src/interfaces/composition/types';

interface RawRow {
  kid: string;
  state: string;
  private_key: string;
  public_key: string;
}

async function rawRows(file: string): Promise<RawRow[]> {
  const dataSource = await new DataSource(dataSourceOptions(`sqlite:${file}`)).initialize();
  try {
    return await dataSource.query('SELECT kid, state, private_key, public_key FROM signing_keys ORDER BY created_at');
  } finally {
    await dataSource.destroy();
  }
}

async function rawTotpSecrets(file: string): Promise<string[]> {
  const dataSource = await new DataSource(dataSourceOptions(`sqlite:${file}`)).initialize();
  try {
    return (await dataSource.query("SELECT secret FROM second_factors WHERE kind = 'totp' ORDER BY id")).map((row: { secret: string }) => row.secret);
  } finally {
    await dataSource.destroy();
  }
}

async function startupError(env: Record<string, string>): Promise<Error> {
  try {
    const auth = await buildAuthServer(authTestConfig(env));
    await auth.close();
  } catch (error) {
    return error as Error;
  }
  throw new Error('startup was expected to fail');
}

describe('private keys encrypted at rest', () => {
  let dir: string;
  let file: string;
  const encryptionKey = randomBytes(32).toString('base64');

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'auth-encryption-'));
    file = join(dir, 'auth.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  for (const method of ['rsa', 'hmac'] as const) {
    it(`${method}: stores only ciphertext, and a restart with the same key signs with the same kid`, async () => {
      const env = { AUTH_DATABASE_URL: `sqlite:${file}`, AUTH_KEY_ENCRYPTION_KEY: encryptionKey, AUTH_SIGN_METHOD: method, AUTH_CLIENTS: 'svc:pw' };
      let auth: AuthServer = await buildAuthServer(authTestConfig(env));
      const token = (await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'a', password: 'b' }).expect(200)).body.data
        .access_token;
      const served = (await request(auth.server).get('/auth/client/user/secret/key?appId=svc&appSecret=pw').expect(200)).body.data;
      await auth.close();

      const [row] = await rawRows(file);
      expect(row.private_key.startsWith('enc:v1:')).to.equal(true);
      if (method === 'hmac') expect(row.public_key.startsWith('enc:v1:'), 'an HMAC public key is the secret').to.equal(true);
      else expect(row.public_key).to.equal(served);

      auth = await buildAuthServer(authTestConfig(env));
      try {
        await request(auth.server).get('/auth/current/user/details').set('Authorization', `Bearer ${token}`).expect(200);
        const health = await request(auth.server).get('/auth/actuator/health').expect(200);
        expect(health.body.components.signingKey.details.kid).to.equal(row.kid);
      } finally {
        await auth.close();
      }
    });
  }

  it('refuses to start with a wrong or missing encryption key, and overwrites nothing', async () => {
    const env = { AUTH_DATABASE_URL: `sqlite:${file}`, AUTH_KEY_ENCRYPTION_KEY: encryptionKey };
    await (await buildAuthServer(authTestConfig(env))).close();
    const before = await rawRows(file);

    const wrong = await startupError({ ...env, AUTH_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
    expect(wrong.message).to.equal('AUTH_KEY_ENCRYPTION_KEY does not decrypt the stored signing keys');
    const missing = await startupError({ AUTH_DATABASE_URL: `sqlite:${file}` });
    expect(missing.message).to.equal('the stored signing keys are encrypted: set AUTH_KEY_ENCRYPTION_KEY');

    expect(await rawRows(file)).to.deep.equal(before);
  });

  it('`keys revoke` with a wrong or missing encryption key refuses and writes nothing', async () => {
    const env = { AUTH_DATABASE_URL: `sqlite:${file}`, AUTH_KEY_ENCRYPTION_KEY: encryptionKey };
    await (await buildAuthServer(authTestConfig(env))).close();
    const before = await rawRows(file);

    for (const wrongEnv of [{ ...env, AUTH_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') }, { AUTH_DATABASE_URL: `sqlite:${file}` }]) {
      let failure: unknown;
      await keysCommandOutput(authTestConfig(wrongEnv), ['revoke', before[0].kid]).catch((error: unknown) => (failure = error));
      expect(failure).to.have.property('code', 'KEY_DECRYPTION_FAILED');
    }
    expect(await rawRows(file)).to.deep.equal(before);
  });

  it('`keys encrypt` migrates a plaintext store in place, keeping the kid', async () => {
    const plainEnv = { AUTH_DATABASE_URL: `sqlite:${file}` };
    await (await buildAuthServer(authTestConfig(plainEnv))).close();
    const [plain] = await rawRows(file);
    expect(plain.private_key.startsWith('enc:')).to.equal(false);

    const output = await keysCommandOutput(authTestConfig({ ...plainEnv, AUTH_KEY_ENCRYPTION_KEY: encryptionKey }), ['encrypt']);
    expect(output).to.match(/^encrypted 1 key/);
    const [encrypted] = await rawRows(file);
    expect(encrypted.kid).to.equal(plain.kid);
    expect(encrypted.private_key.startsWith('enc:v1:')).to.equal(true);

    const again = await keysCommandOutput(authTestConfig({ ...plainEnv, AUTH_KEY_ENCRYPTION_KEY: encryptionKey }), ['encrypt']);
    expect(again).to.match(/^encrypted 0 key/);
    const listing = await keysCommandOutput(authTestConfig({ ...plainEnv, AUTH_KEY_ENCRYPTION_KEY: encryptionKey }), ['list']);
    expect(listing).to.contain(plain.kid).and.to.contain('active');
    expect(listing).not.to.contain(encrypted.private_key.slice(7, 40));

    const auth = await buildAuthServer(authTestConfig({ ...plainEnv, AUTH_KEY_ENCRYPTION_KEY: encryptionKey }));
    try {
      const health = await request(auth.server).get('/auth/actuator/health').expect(200);
      expect(health.body.components.signingKey.details.kid).to.equal(plain.kid);
    } finally {
      await auth.close();
    }
  });

  it('`keys encrypt` encrypts the TOTP secrets stored in plaintext too, and the service still reads them', async () => {
    const plainEnv = { AUTH_DATABASE_URL: `sqlite:${file}` };
    const secret = 'JBSWY3DPEHPK3PXP';
    let auth = await buildAuthServer(authTestConfig(plainEnv));
    await auth.container.get<TotpSecretStore>(TYPES.TotpSecretStore).startTotp('u1', 'factor-1', secret, new Date(0));
    await auth.close();
    expect(await rawTotpSecrets(file)).to.deep.equal([secret]);

    const encryptedEnv = { ...plainEnv, AUTH_KEY_ENCRYPTION_KEY: encryptionKey };
    expect(await keysCommandOutput(authTestConfig(encryptedEnv), ['encrypt'])).to.equal(
      'encrypted 1 key(s) and 1 TOTP secret(s); already encrypted ones were left as they were',
    );
    const [stored] = await rawTotpSecrets(file);
    expect(stored.startsWith('enc:v1:')).to.equal(true);
    expect(stored).not.to.contain(secret);
    expect(await keysCommandOutput(authTestConfig(encryptedEnv), ['encrypt'])).to.match(/^encrypted 0 key\(s\) and 0 TOTP secret/);

    auth = await buildAuthServer(authTestConfig(encryptedEnv));
    try {
      expect((await auth.container.get<TotpSecretStore>(TYPES.TotpSecretStore).findTotp('u1'))?.secret).to.equal(secret);
    } finally {
      await auth.close();
    }
  });
});
