import { expect } from 'chai';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { REVOKED_TOKENS_PER_SUBJECT } from '../../src/interfaces/composition/modules/revocationModule';
import { TYPES } from '../../src/interfaces/composition/types';
import { authTestConfig } from '../support/authTestServer';
import { FixedClock } from '../support/FixedClock';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const LOGIN = '/auth/oauth/jwt/token';
const REVOKE = '/auth/oauth/revoke';
const DETAILS = '/auth/current/user/details';
const FEED = '/auth/client/revocations';
const CLIENT = { appId: 'svc-growth', appSecret: 'growth-test-secret-0123456789' };
const CYCLES = REVOKED_TOKENS_PER_SUBJECT + 30;

interface FeedPage {
  subjects: Array<{ subject: string; notBefore: number }>;
  tokens: Array<{ jti: string; expiresAt: number }>;
  cursor: number;
  full: boolean;
}

/**
 * Finding 8 of issue 20: one user in a login + sign-out loop must not grow the
 * revocations without bound, and a client's refresh must cost what changed,
 * not the whole list.
 */
for (const backend of STORE_BACKENDS) {
  describe(`bounded, incremental revocation (${backend.name})`, function () {
    this.timeout(120_000);
    const clock = new FixedClock('2026-03-01T10:00:00Z');
    let database: SharedDatabase;
    let auth: AuthServer;
    const tokens: string[] = [];

    async function feed(since?: number): Promise<FeedPage> {
      const query: Record<string, string> = { ...CLIENT, ...(since === undefined ? {} : { since: String(since) }) };
      const response = await request(auth.server).get(FEED).query(query);
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      return response.body.data as FeedPage;
    }

    before(async () => {
      database = await backend.create();
      const config = authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_CLIENTS: `${CLIENT.appId}:${CLIENT.appSecret}` });
      auth = await buildAuthServer(config, { configure: (container) => container.rebind(TYPES.Clock).toConstantValue(clock) });
      // One login + sign-out per second (iat has second precision): the loop of the finding, slowed to the clock.
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const login = await request(auth.server).post(LOGIN).send({ username: 'admin', password: 'any' }).expect(200);
        const token = login.body.data.access_token as string;
        await request(auth.server).post(REVOKE).set('Authorization', `Bearer ${token}`).type('form').send({ token }).expect(200);
        tokens.push(token);
        clock.advanceSeconds(1);
      }
    });

    after(async () => {
      await auth?.close();
      await database?.dispose();
    });

    it(`keeps at most ${REVOKED_TOKENS_PER_SUBJECT} revoked tokens per subject, folding older ones into its not-before; every revoked token stays refused`, async () => {
      const full = await feed();

      expect(full.full).to.equal(true);
      expect(full.tokens.length).to.be.at.most(REVOKED_TOKENS_PER_SUBJECT).and.at.least(REVOKED_TOKENS_PER_SUBJECT - 1);
      expect(full.subjects).to.have.length(1);
      for (const token of [tokens[0], tokens[CYCLES - REVOKED_TOKENS_PER_SUBJECT - 1], tokens[CYCLES - 1]]) {
        expect((await request(auth.server).get(DETAILS).set('Authorization', `Bearer ${token}`)).status).to.equal(401);
      }
      const fresh = (await request(auth.server).post(LOGIN).send({ username: 'admin', password: 'any' }).expect(200)).body.data.access_token as string;
      expect((await request(auth.server).get(DETAILS).set('Authorization', `Bearer ${fresh}`)).status, 'a new session is untouched').to.equal(200);
    });

    it('answers a recent cursor with only what changed since (less the 30 s overlap), not the whole list', async () => {
      clock.advanceSeconds(60); // past the overlap of the loop's last writes
      const full = await feed();
      const quiet = await feed(full.cursor);
      expect(quiet).to.include({ full: false });
      expect(quiet.tokens.length + quiet.subjects.length).to.equal(0);

      const login = await request(auth.server).post(LOGIN).send({ username: 'admin', password: 'any' }).expect(200);
      const token = login.body.data.access_token as string;
      await request(auth.server).post(REVOKE).set('Authorization', `Bearer ${token}`).type('form').send({ token }).expect(200);
      const changes = await feed(quiet.cursor);

      expect(changes.full).to.equal(false);
      expect(changes.tokens.map((entry) => entry.jti)).to.include(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti);
      expect(changes.tokens.length).to.be.at.most(2);
      expect((await request(auth.server).get(FEED).query({ ...CLIENT, since: 'yesterday' })).status).to.equal(400);
    });
  });
}
