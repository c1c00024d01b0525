import { expect } from 'chai';
import { Client } from 'pg';
import { SecondFactorEntity } from '../../src/infrastructure/persistence/SecondFactorEntity';
import { UserEntity } from '../../src/infrastructure/persistence/UserEntity';
import { FixedClock } from '../support/FixedClock';
import { STORE_BACKENDS } from '../support/storeBackends';
import { takesEffectWithin } from '../support/takesEffectWithin';
import { TwoInstancesOnOneStore } from '../support/TwoInstancesOnOneStore';

/**
 * What each instance keeps in memory of the shared store (a client's secret
 * digest, a user's account, a user's second factors) answers the token path
 * without a round trip, yet a change written anywhere (a command, the admin
 * API, a hand-written UPDATE) reaches every instance within one second: the
 * store announces it (PostgreSQL NOTIFY, SQLite's change table). Every check
 * first warms both instances' caches, so a cache that kept its entry would fail it.
 */
for (const backend of STORE_BACKENDS) {
  describe(`store cache: changes reach both instances within one second (${backend.name})`, function () {
    this.timeout(60_000);
    const clock = new FixedClock(new Date());
    let store: TwoInstancesOnOneStore;
    let origins: string[];
    let secrets: Record<string, string>;

    before(async () => {
      secrets = {};
      store = await TwoInstancesOnOneStore.start(backend, clock, {
        register: async (cli) => {
          for (const account of ['alice', 'bob', 'carol']) await cli.addUser(account, '--nick', account);
          for (const id of ['rotated', 'removed', 'keeper']) {
            secrets[id] = await cli.addClient(id, '--confidential', '--grant', 'client_credentials', '--grant', 'password');
          }
        },
      });
      origins = [store.firstOrigin, store.secondOrigin];
    });

    after(() => store?.dispose());

    const token = (origin: string, client: string, secret: string, form: Record<string, string>) =>
      fetch(`${origin}/auth/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${client}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      });
    const clientToken = (origin: string, client: string, secret = secrets[client]) => token(origin, client, secret, { grant_type: 'client_credentials' });
    const signIn = (origin: string, account: string) => token(origin, 'keeper', secrets.keeper, { grant_type: 'password', username: account, password: `${account}-pass` });
    const introspect = async (origin: string, access: string) => {
      const found = await fetch(`${origin}/auth/oauth/introspect`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`keeper:${secrets.keeper}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: access }),
      });
      expect(found.status).to.equal(200);
      return ((await found.json()) as { active: boolean }).active;
    };
    /** Both instances answer `status` to the request, twice: the second answer comes from the cache. */
    const warm = async (send: (origin: string) => Promise<Response>, status = 200) => {
      for (const origin of origins) for (let i = 0; i < 2; i++) expect((await send(origin)).status).to.equal(status);
    };
    const onBoth = (what: string, refused: (origin: string) => Promise<boolean>) => Promise.all(origins.map((origin, i) => takesEffectWithin(`${what} on instance ${i + 1}`, () => refused(origin))));

    it('`clients rotate-secret`: the old secret is refused everywhere within one second, the new one works everywhere', async () => {
      await warm((origin) => clientToken(origin, 'rotated'));
      const { code, out } = await store.cli.clients(['rotate-secret', 'rotated']);
      expect(code).to.equal(0);
      await onBoth('the old secret refused', async (origin) => (await clientToken(origin, 'rotated')).status === 401);
      for (const origin of origins) expect((await clientToken(origin, 'rotated', out.at(-1))).status).to.equal(200);
    });

    it('`clients rotate-secret`: the new secret works at once on an instance that cached the old one', async () => {
      const secret = await store.cli.addClient('fresh', '--confidential', '--grant', 'client_credentials');
      await warm((origin) => clientToken(origin, 'fresh', secret));
      const { out } = await store.cli.clients(['rotate-secret', 'fresh']);
      for (const origin of origins) expect((await clientToken(origin, 'fresh', out.at(-1))).status).to.equal(200);
    });

    it('`clients remove`: the client is refused everywhere within one second; another client is untouched', async () => {
      await warm((origin) => clientToken(origin, 'removed'));
      expect((await store.cli.clients(['remove', 'removed'])).code).to.equal(0);
      await onBoth('the removed client refused', async (origin) => (await clientToken(origin, 'removed')).status === 401);
      for (const origin of origins) expect((await clientToken(origin, 'keeper')).status).to.equal(200);
    });

    it("a user disabled or removed by hand in the store (no revocation written): its token is inactive everywhere within one second", async () => {
      const users = store.cli.dataSource.getRepository(UserEntity);
      for (const [account, change] of [
        ['alice', () => users.update({ account: 'alice' }, { status: 'disabled' })],
        ['bob', () => users.delete({ account: 'bob' })],
      ] as const) {
        const access = ((await (await signIn(origins[0], account)).json()) as { access_token: string }).access_token;
        for (const origin of origins) for (let i = 0; i < 2; i++) expect(await introspect(origin, access), account).to.equal(true);
        await change();
        await onBoth(`${account}'s token inactive`, async (origin) => !(await introspect(origin, access)));
      }
    });

    it('a second factor added to a user: a sign-in without it is refused everywhere within one second', async () => {
      await warm((origin) => signIn(origin, 'carol'));
      const carol = await store.cli.dataSource.getRepository(UserEntity).findOneByOrFail({ account: 'carol' });
      await store.cli.dataSource
        .getRepository(SecondFactorEntity)
        .insert({ id: 'carol-totp', userId: carol.id, kind: 'totp', label: 'app', confirmed: true, secret: 'unused', lastStep: null, createdAt: '0' });
      await onBoth('a sign-in without the factor refused', async (origin) => (await signIn(origin, 'carol')).status !== 200);
    });

    if (backend.name === 'PostgreSQL') {
      it('a killed LISTEN connection: the instances read the store meanwhile and listen again; a change still takes effect within one second', async () => {
        const secret = await store.cli.addClient('relisten', '--confidential', '--grant', 'client_credentials');
        await warm((origin) => clientToken(origin, 'relisten', secret));
        const listeners = await killListeners(store.config.databaseUrl);
        expect(listeners).to.equal(2);
        const { out } = await store.cli.clients(['rotate-secret', 'relisten']);
        await onBoth('the old secret refused after the kill', async (origin) => (await clientToken(origin, 'relisten', secret)).status === 401);
        await takesEffectWithin('both instances listening again', async () => (await listening(store.config.databaseUrl)) === 2, 5_000);
        await warm((origin) => clientToken(origin, 'relisten', out.at(-1)!));
        expect((await store.cli.clients(['remove', 'relisten'])).code).to.equal(0);
        await onBoth('the removed client refused after listening again', async (origin) => (await clientToken(origin, 'relisten', out.at(-1)!)).status === 401);
      });
    }
  });
}

/** Ends every change-feed connection to the database (pg_terminate_backend); answers how many there were. */
async function killListeners(databaseUrl: string): Promise<number> {
  return onDatabase(databaseUrl, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'auth-store-changes'");
}

async function listening(databaseUrl: string): Promise<number> {
  return onDatabase(databaseUrl, "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'auth-store-changes'");
}

async function onDatabase(databaseUrl: string, sql: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}
