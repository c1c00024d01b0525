import { expect } from 'chai';
import request from 'supertest';
import type { RotateSigningKey } from '../../src/application/keys/RotateSigningKey';
import type { SyncSigningKeys } from '../../src/application/keys/SyncSigningKeys';
import type { KeyRing } from '../../src/domain/model/KeyRing';
import type { ClientDemo } from '../../src/interfaces/composition/clientDemo';
import { TYPES } from '../../src/interfaces/composition/types';
import { KEY_PATH } from '../support/authContract';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';
import { buildTestClient } from '../support/clientTestDemo';
import { FixedClock } from '../support/FixedClock';

const KEYS_PATH = '/auth/client/user/secret/keys';
const CREDENTIALS = { appId: 'auth-client-demo', appSecret: '123456' };
const CLIENT_DETAILS = '/auth-client-demo/current/user/details';
const ROTATION_ENV = {
  AUTH_SIGN_METHOD: 'hmac',
  AUTH_CLIENTS: `${CREDENTIALS.appId}:${CREDENTIALS.appSecret}`,
  AUTH_TOKEN_TTL_SECONDS: '600',
  AUTH_KEY_PUBLISH_AHEAD_SECONDS: '120',
  AUTH_KEY_SYNC_SECONDS: '30',
};
// TTL + max(tolerance, 30) + sync = 600 + 30 + 30
const RETIRE_AFTER_SECONDS = 660;

function kidOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).kid;
}

/**
 * hmac rotation under a running client (issue 11, point 3): the client holds
 * every secret that still verifies, by kid, from the authenticated key list, so
 * tokens from before the switch keep working on it until they expire.
 */
describe('hmac rotation under a running client', () => {
  const clock = new FixedClock('2026-03-01T00:00:00Z');
  let running: RunningAuthServer;
  let client: ClientDemo;
  let rotate: RotateSigningKey;
  let sync: SyncSigningKeys;

  before(async () => {
    running = await startAuthServer(ROTATION_ENV, (c) => c.rebind(TYPES.Clock).toConstantValue(clock));
    rotate = running.auth.container.get(TYPES.RotateSigningKey);
    sync = running.auth.container.get(TYPES.SyncSigningKeys);
    client = buildTestClient({ AUTH_SERVER_URL: running.origin, AUTH_SIGN_METHOD: 'hmac', AUTH_MAX_TOKEN_LIFETIME_SECONDS: '600' }, (c) =>
      c.rebind(TYPES.Clock).toConstantValue(clock),
    );
  });
  after(async () => {
    await client?.close();
    await running?.auth.close();
  });

  async function login(): Promise<string> {
    const res = await request(running.origin).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200);
    return res.body.data.access_token;
  }

  const atClient = (token: string) => request(client.server).get(CLIENT_DETAILS).set('Authorization', `Bearer ${token}`);

  it('the key list answers every secret that verifies, by kid, to registered clients only; the seed endpoint keeps its contract', async () => {
    const active = running.auth.container.get<KeyRing>(TYPES.KeyRing).activeKey();
    const list = await request(running.origin).get(KEYS_PATH).query(CREDENTIALS).expect(200);
    expect(Object.keys(list.body)).to.deep.equal(['success', 'status', 'msg', 'data']);
    expect(list.body.data).to.deep.equal([{ kid: active.kid, alg: 'HS256', key: active.publicKey }]);
    const seed = await request(running.origin).get(KEY_PATH).query(CREDENTIALS).expect(200);
    expect(seed.body).to.deep.equal({ success: true, status: 200, msg: list.body.msg, data: active.publicKey });

    const refused = await request(running.origin).get(KEYS_PATH).query({ ...CREDENTIALS, appSecret: 'wrong' }).expect(401);
    expect(refused.body.data).to.equal(null);
    expect(refused.text).not.to.include(active.publicKey);
    await request(running.origin).get(KEYS_PATH).query({ appId: CREDENTIALS.appId }).expect(400);
  });

  it('fetches the next secret during publish-ahead, and accepts tokens from before the switch until they expire', async () => {
    expect((await client.provider.refresh()).outcome).to.equal('replaced');
    const before = await login();
    const oldKid = kidOf(before);
    await atClient(before).expect(200);

    const { next } = await rotate.execute();
    await sync.execute();
    await client.provider.refresh();
    expect(client.provider.state().kids, 'the next secret is held before it signs').to.have.members([oldKid, next!.kid]);

    clock.advanceSeconds(120);
    expect((await sync.execute()).promoted).to.equal(true);
    await client.provider.refresh();
    const after = await login();
    expect(kidOf(after)).to.equal(next!.kid);
    await atClient(after).expect(200);
    await atClient(before).expect(200);
    expect(client.provider.state().unknownKidRefetches, 'no token waited for a refetch').to.equal(0);

    clock.advanceSeconds(600 - 120 - 1);
    await sync.execute();
    await client.provider.refresh();
    await atClient(before).expect(200);

    clock.advanceSeconds(RETIRE_AFTER_SECONDS);
    expect((await sync.execute()).retired).to.equal(1);
    await client.provider.refresh();
    expect(client.provider.state().kids).to.deep.equal([next!.kid]);
    await atClient(before).expect(401);
    await atClient(await login()).expect(200);
    expect(client.provider.state().source).to.equal('list');
  });
});
