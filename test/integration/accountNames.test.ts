import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { AccountTakenError } from '../../src/domain/errors';
import { accountKey } from '../../src/domain/model/AccountName';
import type { UserRepository } from '../../src/domain/ports/UserRepository';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { TYPES } from '../../src/interfaces/composition/types';
import { addUserOn } from '../support/addTestUser';
import { authTestConfig } from '../support/authTestServer';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';
import { nodeArgsFor } from '../support/entryPoint';
import { fastPasswordHashing } from '../support/fastPasswordHashing';

const LOGIN = '/auth/oauth/jwt/token';
const CLI = join(__dirname, '../../src/interfaces/composition/usersCli.ts');

describe('account names: NFKC and case folding', () => {
  it('gives look-alikes one key', () => {
    for (const spelling of ['bob', 'BOB', 'Bob', 'ｂｏｂ', 'ＢＯＢ']) expect(accountKey(spelling), spelling).to.equal('bob');
    expect(accountKey('ﬁnn')).to.equal('finn');
    expect(accountKey('STRAßE')).to.equal(accountKey('strasse'));
    expect(accountKey('alice')).not.to.equal(accountKey('bob'));
  });
});

for (const backend of STORE_BACKENDS) {
  describe(`account names in the database user store (${backend.name})`, function () {
    this.timeout(60_000);
    let database: SharedDatabase;
    let auth: AuthServer;

    before(async () => {
      database = await backend.create();
      const config = authTestConfig({ AUTH_USER_STORE: 'database', AUTH_DATABASE_URL: database.url });
      auth = await buildAuthServer(config, { configure: fastPasswordHashing(config) });
      await addUserOn(auth).execute({ account: 'bob', password: 'hunter22', nickName: 'Bob' });
    });

    after(async () => {
      await auth?.close();
      await database?.dispose();
    });

    it('refuses a look-alike of an existing account, naming the existing one', async () => {
      for (const lookAlike of ['ｂｏｂ', 'BOB', 'Bob']) {
        const adding = addUserOn(auth).execute({ account: lookAlike, password: 'other-password', nickName: 'Mallory' });
        const error = await adding.then(() => null, (caught: unknown) => caught);
        expect(error, lookAlike).to.be.instanceOf(AccountTakenError);
        expect((error as Error).message).to.include('"bob"');
      }
    });

    it('keeps look-alikes out in the store itself (unique account_key), when two adds race past the check', async () => {
      const users = auth.container.get<UserRepository>(TYPES.UserRepository);
      const bob = (await users.findByAccount('bob'))!;
      const adding = users.add({ ...bob, id: 'look-alike', account: 'ＢＯＢ' });
      expect(await adding.then(() => null, (caught: unknown) => caught)).to.be.instanceOf(AccountTakenError);
      expect((await users.list()).map((user) => user.account)).to.deep.equal(['bob']);
    });

    it('finds the one account whichever spelling logs in, and signs its stored name', async () => {
      for (const spelling of ['bob', 'BOB', 'ｂｏｂ', 'Ｂｏｂ']) {
        const res = await request(auth.server).post(LOGIN).send({ username: spelling, password: 'hunter22' });
        expect(res.status, spelling).to.equal(200);
        expect((jwt.decode(res.body.data.access_token) as { account: string }).account).to.equal('bob');
      }
      const wrong = await request(auth.server).post(LOGIN).send({ username: 'ＢＯＢ', password: 'other-password' });
      expect(wrong.status).to.equal(401);
    });

    it('counts wrong guesses under every spelling against the one account', async () => {
      const limitedConfig = authTestConfig({ AUTH_USER_STORE: 'database', AUTH_DATABASE_URL: database.url, AUTH_LOGIN_MAX_ATTEMPTS: '3', AUTH_TRUST_PROXY: '1' });
      const limited = await buildAuthServer(limitedConfig, { configure: fastPasswordHashing(limitedConfig) });
      try {
        const guess = (username: string, i: number) =>
          request(limited.server).post(LOGIN).set('X-Forwarded-For', `198.51.100.${i}`).send({ username, password: 'wrong' });
        const statuses = [];
        // The wrong guess of the test before (as `ＢＯＢ`) came from an address where bob had just logged in: it
        // spent that address's own allowance, not the account's. Here each spelling counts against the account.
        for (const [i, spelling] of ['ｂｏｂ', 'Ｂｏｂ', 'bob', 'BOB'].entries()) statuses.push((await guess(spelling, i)).status);
        expect(statuses).to.deep.equal([401, 401, 401, 429]);
      } finally {
        await limited.close();
      }
    });

    it('refuses the look-alike at `users add` with one clear line and exit code 1', () => {
      const run = spawnSync(process.execPath, [...nodeArgsFor(CLI), 'add', '--account', 'ｂｏｂ', '--password-stdin', '--nick', 'Mallory'], {
        env: { ...process.env, AUTH_DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
        input: 'other-password',
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).to.equal(1);
      expect(run.stderr).to.equal('users: account "ｂｏｂ" is the same name as the existing "bob" (compared after NFKC and case folding)\n');
    });
  });
}
