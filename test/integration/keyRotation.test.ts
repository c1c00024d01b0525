import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import type { RevokeSigningKey } from '../../src/application/keys/RevokeSigningKey';
import type { RotateSigningKey } from '../../src/application/keys/RotateSigningKey';
import type { SyncSigningKeys } from '../../src/application/keys/SyncSigningKeys';
import type { KeyLifecycleStore } from '../../src/domain/ports/KeyLifecycleStore';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { TYPES } from '../../src/interfaces/composition/types';
import { authTestConfig } from '../support/authTestServer';
import { FixedClock } from '../support/FixedClock';

const ROTATION_ENV = {
  AUTH_TOKEN_TTL_SECONDS: '600',
  AUTH_KEY_PUBLISH_AHEAD_SECONDS: '120',
  AUTH_KEY_SYNC_SECONDS: '30',
};
// TTL + max(tolerance, 30) + sync = 600 + 30 + 30
const RETIRE_AFTER_SECONDS = 660;

async function login(auth: AuthServer): Promise<string> {
  const res = await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200);
  return res.body.data.access_token;
}

function kidOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).kid;
}

async function publishedKids(auth: AuthServer): Promise<string[]> {
  const res = await request(auth.server).get('/auth/.well-known/jwks.json').expect(200);
  return res.body.keys.map((key: { kid: string }) => key.kid).sort();
}

function details(auth: AuthServer, token: string) {
  return request(auth.server).get('/auth/current/user/details').set('Authorization', `Bearer ${token}`);
}

describe('key rotation', () => {
  describe('one instance, on a frozen clock', () => {
    const clock = new FixedClock('2026-03-01T00:00:00Z');
    let auth: AuthServer;
    let rotate: RotateSigningKey;
    let sync: SyncSigningKeys;

    before(async () => {
      auth = await buildAuthServer(authTestConfig(ROTATION_ENV), { configure: (c) => c.rebind(TYPES.Clock).toConstantValue(clock) });
      rotate = auth.container.get(TYPES.RotateSigningKey);
      sync = auth.container.get(TYPES.SyncSigningKeys);
    });
    after(() => auth.close());

    it('publishes the next key ahead, switches signing when due, unpublishes the old key after the retiring period', async () => {
      const firstToken = await login(auth);
      const oldKid = kidOf(firstToken);

      const rotation = await rotate.execute();
      expect(rotation.created).to.equal(true);
      const newKid = rotation.next!.kid;
      await sync.execute();
      expect(await publishedKids(auth)).to.deep.equal([oldKid, newKid].sort());
      expect(kidOf(await login(auth)), 'still signing with the active key while the next key propagates').to.equal(oldKid);
      expect((await rotate.execute()).created, 'a second rotate while one is pending adds nothing').to.equal(false);

      clock.advanceSeconds(119);
      await sync.execute();
      expect(kidOf(await login(auth))).to.equal(oldKid);

      clock.advanceSeconds(1);
      expect((await sync.execute()).promoted).to.equal(true);
      const secondToken = await login(auth);
      expect(kidOf(secondToken)).to.equal(newKid);
      expect(await publishedKids(auth), 'the old key is retiring, still published').to.deep.equal([oldKid, newKid].sort());
      await details(auth, firstToken).expect(200);
      await details(auth, secondToken).expect(200);

      clock.advanceSeconds(RETIRE_AFTER_SECONDS);
      expect((await sync.execute()).retired).to.equal(1);
      expect(await publishedKids(auth)).to.deep.equal([newKid]);
      const refused = await details(auth, firstToken).expect(401);
      expect(refused.body).to.deep.equal({ success: false, status: 401, msg: 'token 解析失败！', data: null });

      const states = (await auth.container.get<KeyLifecycleStore>(TYPES.KeyLifecycleStore).describeKeys()).map((k) => [k.kid, k.state]);
      expect(states).to.deep.include.members([
        [oldKid, 'retired'],
        [newKid, 'active'],
      ]);
    });

    it('revoke unpublishes the signing key at once and an emergency key takes over', async () => {
      const token = await login(auth);
      const revokedKid = kidOf(token);
      const revoked = await auth.container.get<RevokeSigningKey>(TYPES.RevokeSigningKey).execute({ kid: revokedKid });
      expect(revoked.state).to.equal('revoked');
      await sync.execute();

      const published = await publishedKids(auth);
      expect(published).to.have.length(1);
      expect(published).not.to.include(revokedKid);
      const refused = await details(auth, token).expect(401);
      expect(refused.body.msg).to.equal('token 解析失败！');
      const fresh = await login(auth);
      expect(kidOf(fresh)).to.equal(published[0]);
      await details(auth, fresh).expect(200);
    });

    it('revoke of an unknown kid is refused and changes nothing', async () => {
      const before = await publishedKids(auth);
      let failure: unknown;
      try {
        await auth.container.get<RevokeSigningKey>(TYPES.RevokeSigningKey).execute({ kid: 'no-such-kid' });
      } catch (error) {
        failure = error;
      }
      expect(failure).to.have.property('code', 'KEY_NOT_FOUND');
      expect(await publishedKids(auth)).to.deep.equal(before);
    });
  });

  describe('automatic schedule (AUTH_KEY_ROTATION_DAYS)', () => {
    const clock = new FixedClock('2026-03-01T00:00:00Z');
    let auth: AuthServer;
    before(async () => {
      auth = await buildAuthServer(authTestConfig({ ...ROTATION_ENV, AUTH_KEY_ROTATION_DAYS: '1' }), {
        configure: (c) => c.rebind(TYPES.Clock).toConstantValue(clock),
      });
    });
    after(() => auth.close());

    it('starts a rotation once the active key is older than the period, and only once', async () => {
      const sync = auth.container.get<SyncSigningKeys>(TYPES.SyncSigningKeys);
      clock.advanceSeconds(86_399);
      expect((await sync.execute()).rotationStarted).to.equal(false);
      clock.advanceSeconds(1);
      const started = await sync.execute();
      expect(started.rotationStarted).to.equal(true);
      expect(started.publishedKids).to.have.length(2);
      expect((await sync.execute()).rotationStarted, 'a pending next key is not duplicated').to.equal(false);
      clock.advanceSeconds(120);
      const promoted = await sync.execute();
      expect(promoted.promoted).to.equal(true);
      expect(promoted.activeKid).not.to.equal(null);
    });
  });

  describe('two instances on one store', () => {
    const clock = new FixedClock('2026-03-01T00:00:00Z');
    let dir: string;
    let first: AuthServer;
    let second: AuthServer;

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'auth-rotation-'));
      const env = { ...ROTATION_ENV, AUTH_DATABASE_URL: `sqlite:${join(dir, 'auth.sqlite')}` };
      const configure = (c: import('inversify').Container) => {
        c.rebind(TYPES.Clock).toConstantValue(clock);
      };
      first = await buildAuthServer(authTestConfig(env), { configure });
      second = await buildAuthServer(authTestConfig(env), { configure });
    });
    after(async () => {
      await first.close();
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('rotating at the same moment creates one next key, and both promote it to the one active key', async () => {
      expect(kidOf(await login(first))).to.equal(kidOf(await login(second)));
      const results = await Promise.all([
        first.container.get<RotateSigningKey>(TYPES.RotateSigningKey).execute(),
        second.container.get<RotateSigningKey>(TYPES.RotateSigningKey).execute(),
      ]);
      expect(results.filter((r) => r.created)).to.have.length(1);
      expect(results[0].next!.kid).to.equal(results[1].next!.kid);

      clock.advanceSeconds(120);
      await Promise.all([
        first.container.get<SyncSigningKeys>(TYPES.SyncSigningKeys).execute(),
        second.container.get<SyncSigningKeys>(TYPES.SyncSigningKeys).execute(),
      ]);
      const keys = await first.container.get<KeyLifecycleStore>(TYPES.KeyLifecycleStore).describeKeys();
      expect(keys.filter((k) => k.state === 'active').map((k) => k.kid)).to.deep.equal([results[0].next!.kid]);
      expect(keys.filter((k) => k.state === 'next')).to.have.length(0);
      const tokenA = await login(first);
      const tokenB = await login(second);
      expect(kidOf(tokenA)).to.equal(results[0].next!.kid);
      expect(kidOf(tokenB)).to.equal(results[0].next!.kid);
      await details(second, tokenA).expect(200);
      await details(first, tokenB).expect(200);
    });

    describe('an instance that has not synced since another promoted a key reloads the store for that key\'s tokens', () => {
      /** A key rotated in and promoted by the first instance alone (the second's next sync is up to AUTH_KEY_SYNC_SECONDS away), and a token signed with it. */
      async function tokenOfAKeyOnlyTheFirstHolds(): Promise<string> {
        const rotation = await first.container.get<RotateSigningKey>(TYPES.RotateSigningKey).execute();
        clock.advanceSeconds(120);
        expect((await first.container.get<SyncSigningKeys>(TYPES.SyncSigningKeys).execute()).promoted).to.equal(true);
        const token = await login(first);
        expect(kidOf(token)).to.equal(rotation.next!.kid);
        return token;
      }
      // Each check gets a key of its own: one reload serves every later token of that key.

      it('the protected route accepts the token', async () => {
        await details(second, await tokenOfAKeyOnlyTheFirstHolds()).expect(200);
      });

      it('userinfo answers for the token', async () => {
        const token = await tokenOfAKeyOnlyTheFirstHolds();
        const userinfo = await request(second.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${token}`).expect(200);
        expect(userinfo.body.sub).to.be.a('string');
      });

      it('signing out with the token records its revocation (not taken for an unknown token and answered 200 with nothing done)', async () => {
        const token = await tokenOfAKeyOnlyTheFirstHolds();
        await request(second.server).post('/auth/oauth/revoke').set('Authorization', `Bearer ${token}`).type('form').send({ token }).expect(200);
        await details(second, token).expect(401);
      });
    });
  });
});
