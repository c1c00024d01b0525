import { createHash } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { CachedRevocationView } from '../../../src/application/revocation/CachedRevocationView';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { clockAndFastHashing } from '../../support/clockAndFastHashing';
import { FixedClock } from '../../support/FixedClock';
import { StoreCliBeside } from '../../support/StoreCliBeside';
import { STORE_BACKENDS, type SharedDatabase } from '../../support/storeBackends';
import { basic } from '../../support/oauthTestHttp';

const TOKEN = '/auth/oauth/token';
const SVC_A = basic('svc-a', 'secret-a');
const SVC_B = basic('svc-b', 'secret-b');
const IDLE = 3600;
const ABSOLUTE = 4 * 3600;

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, string>;

interface Tokens {
  access_token: string;
  refresh_token: string;
}

for (const backend of STORE_BACKENDS) {
  describe(`Refresh tokens at the OAuth token endpoint (RFC 6749 §6, RFC 9700 §4.14.2) on ${backend.name}`, () => {
    const clock = new FixedClock(new Date());
    let database: SharedDatabase;
    let auth: AuthServer;
    let cli: StoreCliBeside;

    const users = async (args: string[], stdin = '') => (await cli.users(args, stdin)).code;
    /** `null`: no client authentication at all. */
    const form = (body: Record<string, string>, authorization: string | null) => {
      const req = request(auth.server).post(TOKEN).type('form');
      if (authorization) req.set('Authorization', authorization);
      return req.send(body);
    };
    const signIn = async (account = 'alice', authorization: string | null = SVC_A): Promise<Tokens> =>
      (await form({ grant_type: 'password', username: account, password: `${account}-pass` }, authorization).expect(200)).body as Tokens;
    const refresh = (refreshToken: string, authorization: string | null = SVC_A) =>
      form({ grant_type: 'refresh_token', refresh_token: refreshToken }, authorization);
    const userinfo = (access: string) => request(auth.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${access}`);
    const revoke = (body: Record<string, string>, authorization?: string) => {
      const req = request(auth.server).post('/auth/oauth/revoke').type('form');
      if (authorization) req.set('Authorization', authorization);
      return req.send(body);
    };
    const expectInvalidGrant = async (res: request.Response) => {
      expect(res.status, res.text).to.equal(400);
      expect(res.body).to.deep.equal({ error: 'invalid_grant', error_description: 'the grant is invalid, expired or revoked' });
    };
    /** What the AUTH_REVOCATION_SYNC_SECONDS timer does: the CLI writes to the store, the server reads it. */
    const syncTick = () => auth.container.get<CachedRevocationView>(TYPES.RevocationView).refresh();

    before(async function () {
      this.timeout(30_000);
      database = await backend.create();
      const config = authTestConfig({
        AUTH_DATABASE_URL: database.url,
        AUTH_USER_STORE: 'database',
        AUTH_CLIENTS: 'svc-a:secret-a,svc-b:secret-b',
        AUTH_REFRESH_TOKEN_IDLE_SECONDS: String(IDLE),
        AUTH_REFRESH_TOKEN_TTL_SECONDS: String(ABSOLUTE),
        AUTH_OAUTH_ACCESS_TOKEN_TTL_SECONDS: '300',
      });
      const withClock = clockAndFastHashing(config, clock);
      auth = await buildAuthServer(config, { configure: withClock });
      cli = await StoreCliBeside.open(config, withClock);
      for (const account of ['alice', 'dora', 'pete', 'rita']) {
        expect(await users(['add', '--account', account, '--password-stdin', '--nick', account], `${account}-pass\n`)).to.equal(0);
      }
    });

    after(async () => {
      await auth?.close();
      await cli?.close();
      await database?.dispose();
    });

    it('the password grant answers a refresh token beside a short-lived access token; client_credentials never gets one', async () => {
      const res = await form({ grant_type: 'password', username: 'alice', password: 'alice-pass' }, SVC_A).expect(200);
      expect(Object.keys(res.body)).to.deep.equal(['access_token', 'token_type', 'expires_in', 'refresh_token']);
      expect(res.body.expires_in).to.equal(300);
      // 32 random bytes, base64url: 256 bits.
      expect(res.body.refresh_token).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(res.body.refresh_token, 'base64url')).to.have.length(32);
      const client = await form({ grant_type: 'client_credentials' }, SVC_A).expect(200);
      expect(client.body).not.to.have.property('refresh_token');
    });

    it('the original login endpoint is unchanged: its envelope, refresh_token null, AUTH_TOKEN_TTL_SECONDS', async () => {
      const res = await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'alice', password: 'alice-pass' }).expect(200);
      expect(res.body.data.refresh_token).to.equal(null);
      const claims = claimsOf(res.body.data.access_token);
      expect(Number(claims.exp) - Number(claims.iat)).to.equal(18000);
    });

    it('stores only SHA-256 digests of refresh tokens, never the tokens', async () => {
      const { refresh_token: token } = await signIn();
      const store = auth.container.get<DataSource>(TYPES.DataSource);
      const rows = (await store.query('SELECT token_hash FROM refresh_tokens')) as Array<{ token_hash: string }>;
      const hashes = rows.map((row) => row.token_hash);
      expect(hashes).to.include(createHash('sha256').update(token).digest('hex'));
      expect(hashes).not.to.include(token);
      const families = JSON.stringify(await store.query('SELECT * FROM refresh_token_families'));
      expect(families).not.to.include(token);
    });

    it('rotates on every use: a new access and refresh token, the presented one dead; a used one ends the whole family', async () => {
      const first = await signIn();
      const second = (await refresh(first.refresh_token).expect(200)).body as Tokens;
      expect(second.refresh_token).not.to.equal(first.refresh_token);
      expect(claimsOf(second.access_token)).to.include({ sub: claimsOf(first.access_token).sub, client_id: 'svc-a' });
      await userinfo(second.access_token).expect(200);
      const third = (await refresh(second.refresh_token).expect(200)).body as Tokens;
      await userinfo(third.access_token).expect(200);

      // The first token again: a replay. Refused, and the family is over: its current token and every access token it issued.
      await expectInvalidGrant(await refresh(first.refresh_token));
      await expectInvalidGrant(await refresh(third.refresh_token));
      for (const access of [first.access_token, second.access_token, third.access_token]) {
        expect((await userinfo(access)).status, 'a family access token after reuse').to.equal(401);
      }
      // On the feed too: client services refuse them.
      const feed = await request(auth.server).get('/auth/client/revocations').query({ appId: 'svc-a', appSecret: 'secret-a' }).expect(200);
      const jtis = (feed.body.data.tokens as Array<{ jti: string }>).map((entry) => entry.jti);
      expect(jtis).to.include.members([first.access_token, second.access_token, third.access_token].map((token) => claimsOf(token).jti));
    });

    it('two refreshes of one token at once: exactly one wins, the other is a replay that ends the family', async () => {
      const { refresh_token: token } = await signIn();
      const answers = await Promise.all([refresh(token), refresh(token)]);
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).to.deep.equal([200, 400]);
      const winner = answers.find((res) => res.status === 200)!.body as Tokens;
      await expectInvalidGrant(await refresh(winner.refresh_token));
    });

    it('bound to its client: another client gets invalid_grant, no client authentication invalid_client', async () => {
      const { refresh_token: token } = await signIn();
      await expectInvalidGrant(await refresh(token, SVC_B));
      const anonymous = await refresh(token, null);
      expect(anonymous.status).to.equal(400);
      expect(anonymous.body.error).to.equal('invalid_client');
      await refresh(token, basic('svc-a', 'wrong')).expect(401);
      // None of that spent the token.
      await refresh(token).expect(200);
    });

    it('a family of no client (password grant without client authentication) is refreshed without one, and not by a client', async () => {
      const tokens = await signIn('alice', null);
      await expectInvalidGrant(await refresh(tokens.refresh_token, SVC_A));
      const next = (await refresh(tokens.refresh_token, null).expect(200)).body as Tokens;
      await userinfo(next.access_token).expect(200);
      expect(claimsOf(next.access_token)).not.to.have.property('client_id');
    });

    it('idle timeout: a token unused for AUTH_REFRESH_TOKEN_IDLE_SECONDS is dead; each refresh restarts the wait', async () => {
      const first = await signIn();
      clock.advanceSeconds(IDLE - 10);
      const second = (await refresh(first.refresh_token).expect(200)).body as Tokens;
      clock.advanceSeconds(IDLE - 10);
      const third = (await refresh(second.refresh_token).expect(200)).body as Tokens;
      clock.advanceSeconds(IDLE);
      await expectInvalidGrant(await refresh(third.refresh_token));
    });

    it('absolute lifetime: AUTH_REFRESH_TOKEN_TTL_SECONDS after the sign-in the family is over, however often refreshed', async () => {
      let tokens = await signIn();
      for (let elapsed = 0; elapsed + IDLE - 1 < ABSOLUTE; elapsed += IDLE - 1) {
        clock.advanceSeconds(IDLE - 1);
        const res = await refresh(tokens.refresh_token);
        if (res.status !== 200) {
          await expectInvalidGrant(res);
          return;
        }
        tokens = res.body as Tokens;
      }
      clock.advanceSeconds(IDLE - 1);
      await expectInvalidGrant(await refresh(tokens.refresh_token));
    });

    for (const hint of ['refresh_token', undefined]) {
      it(`RFC 7009 revocation by its client (token_type_hint ${hint ?? 'absent'}) ends the family and its access tokens`, async () => {
        const tokens = await signIn();
        await revoke({ token: tokens.refresh_token, ...(hint ? { token_type_hint: hint } : {}) }, SVC_A).expect(200);
        await expectInvalidGrant(await refresh(tokens.refresh_token));
        expect((await userinfo(tokens.access_token)).status).to.equal(401);
      });
    }

    it('RFC 7009: another client may not revoke it (unauthorized_client), and the token still works', async () => {
      const tokens = await signIn();
      const res = await revoke({ token: tokens.refresh_token, token_type_hint: 'refresh_token' }, SVC_B);
      expect(res.status).to.equal(400);
      expect(res.body.error).to.equal('unauthorized_client');
      await refresh(tokens.refresh_token).expect(200);
    });

    it('RFC 7009: a refresh token of no client is revoked by presenting it alone; one of a client is not', async () => {
      const own = await signIn('alice', null);
      await revoke({ token: own.refresh_token }).expect(200);
      await expectInvalidGrant(await refresh(own.refresh_token, null));
      const clients = await signIn();
      const res = await revoke({ token: clients.refresh_token });
      expect(res.body.error).to.equal('invalid_client');
      await refresh(clients.refresh_token).expect(200);
    });

    it('signing out with the access token (bearer revocation) ends the family that issued it', async () => {
      const tokens = await signIn();
      await revoke({ token: tokens.access_token }, `Bearer ${tokens.access_token}`).expect(200);
      await expectInvalidGrant(await refresh(tokens.refresh_token));
    });

    for (const [command, account, args, stdin] of [
      ['users disable', 'dora', ['disable', 'dora'], ''],
      ['users passwd', 'pete', ['passwd', 'pete', '--password-stdin'], 'a-new-pete-pass\n'],
      ['users remove', 'rita', ['remove', 'rita'], ''],
    ] as const) {
      it(`${command} ends every family of that user`, async () => {
        const families = [await signIn(account), await signIn(account, null)];
        const other = await signIn('alice');
        expect(await users([...args], stdin)).to.equal(0);
        await syncTick();
        await expectInvalidGrant(await refresh(families[0].refresh_token));
        await expectInvalidGrant(await refresh(families[1].refresh_token, null));
        for (const tokens of families) expect((await userinfo(tokens.access_token)).status).to.equal(401);
        await refresh(other.refresh_token).expect(200);
      });
    }

    it('refuses a missing, repeated, over-long or unknown refresh token', async () => {
      expect((await form({ grant_type: 'refresh_token' }, SVC_A)).body.error).to.equal('invalid_request');
      expect((await form({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(600) }, SVC_A)).body.error).to.equal('invalid_request');
      const repeated = await request(auth.server).post(TOKEN).set('Authorization', SVC_A).type('form').send('grant_type=refresh_token&refresh_token=a&refresh_token=b');
      expect(repeated.body.error).to.equal('invalid_request');
      await expectInvalidGrant(await refresh('A'.repeat(43)));
    });
  });
}
