import { expect } from 'chai';
import request from 'supertest';
import type { CachedRevocationView } from '../../../src/application/revocation/CachedRevocationView';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { clockAndFastHashing } from '../../support/clockAndFastHashing';
import { FixedClock } from '../../support/FixedClock';
import { StoreCliBeside } from '../../support/StoreCliBeside';
import { STORE_BACKENDS, type SharedDatabase } from '../../support/storeBackends';
import { basic } from '../../support/oauthTestHttp';

type TokenKind = 'user' | 'client';

interface BearerRoute {
  /** The token kinds the route accepts while they are valid (the current user names a user, so not a client). */
  readonly accepts: readonly TokenKind[];
  readonly call: (auth: AuthServer, token: string) => request.Test;
}


/**
 * How to call each route that accepts a bearer token. The list the test checks
 * is not this table: it is every operation of the served OpenAPI document
 * whose security admits `bearerAuth` (the document default included), and the
 * OpenAPI route check (openApiRoutes.test.ts) proves the document lists every
 * route the app registers. A new bearer route fails here until it has an entry.
 */
const BEARER_ROUTES: Readonly<Record<string, BearerRoute>> = {
  'GET /auth/current/user/details': {
    accepts: ['user'],
    call: (auth, token) => request(auth.server).get('/auth/current/user/details').set('Authorization', `Bearer ${token}`),
  },
  'GET /auth/oauth/userinfo': {
    accepts: ['user', 'client'],
    call: (auth, token) => request(auth.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${token}`),
  },
  'POST /auth/oauth/userinfo': {
    accepts: ['user', 'client'],
    call: (auth, token) => request(auth.server).post('/auth/oauth/userinfo').set('Authorization', `Bearer ${token}`),
  },
  // The same operation with the token in the form body (RFC 6750 §2.2): one more way in, same check.
  'POST /auth/oauth/userinfo (form access_token)': {
    accepts: ['user', 'client'],
    call: (auth, token) => request(auth.server).post('/auth/oauth/userinfo').type('form').send({ access_token: token }),
  },
  // Signing out: the bearer is the authentication. Calling it with a valid token revokes that token, so its
  // acceptance is shown by the sign-out way of revoking below, not by the read-only check.
  'POST /auth/oauth/revoke': {
    accepts: ['user', 'client'],
    call: (auth, token) => request(auth.server).post('/auth/oauth/revoke').set('Authorization', `Bearer ${token}`).type('form').send({ token }),
  },
};

const MUTATING = new Set(['POST /auth/oauth/revoke']);

interface OpenApiDocument {
  readonly servers: ReadonlyArray<{ url: string }>;
  readonly security: ReadonlyArray<Record<string, unknown>>;
  readonly paths: Record<string, Record<string, unknown>>;
}

interface Operation {
  readonly security?: ReadonlyArray<Record<string, unknown>>;
  readonly parameters?: ReadonlyArray<{ name: string; in: string; example?: unknown }>;
}

/** `METHOD /full/path` of every documented operation, with whether it admits a bearer token, and a concrete URL to call. */
function documentedOperations(document: OpenApiDocument): Array<{ name: string; url: string; method: string; bearer: boolean }> {
  const operations = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const servers = (item.servers as Array<{ url: string }> | undefined) ?? document.servers;
    const base = servers[0].url.replace(/\/$/, '');
    for (const [method, value] of Object.entries(item)) {
      if (method === 'servers') continue;
      const operation = value as Operation;
      const security = operation.security ?? document.security;
      const bearer = security.some((requirement) => 'bearerAuth' in requirement);
      const example = (name: string) => String(operation.parameters?.find((parameter) => parameter.name === name)?.example ?? 'x');
      const url = `${base}${path}`.replace(/\{(\w+)\}/g, (_match, name: string) => example(name));
      operations.push({ name: `${method.toUpperCase()} ${base}${path}`, url, method, bearer });
    }
  }
  return operations;
}

describe('every route that accepts a bearer token refuses a revoked one', function () {
  this.timeout(60_000);
  const clock = new FixedClock('2026-03-01T10:00:00Z');
  let database: SharedDatabase;
  let auth: AuthServer;
  let cli: StoreCliBeside;
  let bearerOperations: string[];
  let allOperations: ReturnType<typeof documentedOperations>;

  async function users(args: string[], stdin = ''): Promise<number> {
    return (await cli.users(args, stdin)).code;
  }

  /** What the AUTH_REVOCATION_SYNC_SECONDS timer does: the CLI writes to the store, the server reads it. */
  async function syncTick(): Promise<void> {
    await auth.container.get<CachedRevocationView>(TYPES.RevocationView).refresh();
  }

  const login = async (account: string) =>
    (await request(auth.server).post('/auth/oauth/jwt/token').send({ username: account, password: `${account}-pass` }).expect(200)).body.data.access_token as string;
  const passwordGrant = async (account: string) =>
    (
      await request(auth.server)
        .post('/auth/oauth/token')
        .set('Authorization', basic('svc-a', 'secret a'))
        .type('form')
        .send({ grant_type: 'password', username: account, password: `${account}-pass` })
        .expect(200)
    ).body.access_token as string;
  const clientToken = async () =>
    (await request(auth.server).post('/auth/oauth/token').set('Authorization', basic('svc-a', 'secret a')).type('form').send({ grant_type: 'client_credentials' }).expect(200))
      .body.access_token as string;

  before(async () => {
    database = await STORE_BACKENDS[0].create();
    const config = authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_USER_STORE: 'database', AUTH_CLIENTS: 'svc-a:secret a,svc-b:secret-b' });
    const withClock = clockAndFastHashing(config, clock);
    auth = await buildAuthServer(config, { configure: withClock });
    cli = await StoreCliBeside.open(config, withClock);
    for (const account of ['alice', 'dora', 'pete', 'rita']) {
      expect(await users(['add', '--account', account, '--password-stdin', '--nick', account], `${account}-pass\n`)).to.equal(0);
    }
    const document = (await request(auth.server).get('/auth/v3/api-docs').expect(200)).body as OpenApiDocument;
    allOperations = documentedOperations(document);
    bearerOperations = allOperations.filter((operation) => operation.bearer).map((operation) => operation.name);
  });

  after(async () => {
    await auth?.close();
    await cli?.close();
    await database?.dispose();
  });

  it('knows how to call every operation the OpenAPI document says accepts a bearer token, and no other', () => {
    expect(bearerOperations).to.include('GET /auth/current/user/details');
    const tabled = new Set(Object.keys(BEARER_ROUTES).map((name) => name.replace(/ \(.*\)$/, '')));
    expect([...new Set(bearerOperations)].sort(), 'add the new bearer route to BEARER_ROUTES').to.deep.equal([...tabled].sort());
  });

  it('no undocumented route reads the bearer token: every other operation answers a valid and a garbage token alike', async () => {
    const token = await login('alice');
    const readsBearer: string[] = [];
    for (const operation of allOperations.filter((candidate) => !candidate.bearer)) {
      const send = (bearer: string) => (request(auth.server) as unknown as Record<string, (url: string) => request.Test>)[operation.method](operation.url).set('Authorization', `Bearer ${bearer}`);
      const [valid, garbage] = [(await send(token)).status, (await send('x.y.z')).status];
      if (valid !== garbage) readsBearer.push(`${operation.name}: ${valid} vs ${garbage}`);
    }
    expect(readsBearer, 'these routes treat a bearer token specially but do not document bearerAuth').to.deep.equal([]);
  });

  /** Each route accepts the tokens while valid (read-only routes), then refuses them once `revoke` ran. */
  async function expectRevokedEverywhere(kind: TokenKind, tokens: string | readonly string[], revoke: () => Promise<void>): Promise<void> {
    const all = typeof tokens === 'string' ? [tokens] : tokens;
    for (const token of all) {
      for (const [name, route] of Object.entries(BEARER_ROUTES)) {
        if (!route.accepts.includes(kind) || MUTATING.has(name)) continue;
        expect((await route.call(auth, token)).status, `${name} before the revocation`).to.equal(200);
      }
    }
    await revoke();
    for (const token of all) await expectRefusedEverywhere(token);
  }

  async function expectRefusedEverywhere(token: string): Promise<void> {
    for (const [name, route] of Object.entries(BEARER_ROUTES)) {
      const res = await route.call(auth, token);
      expect(res.status, `${name} after the revocation: ${res.text}`).to.equal(401);
      if (name.startsWith('GET /auth/current')) {
        expect(res.body).to.deep.equal({ success: false, status: 401, msg: 'token 解析失败！', data: null });
      } else {
        expect(res.body, name).to.deep.include({ error: 'invalid_token' });
        expect(res.headers['www-authenticate'], name).to.match(/^Bearer error="invalid_token"/);
        expect(res.headers['cache-control'], name).to.equal('no-store');
      }
    }
  }

  const revokeBy = (authorization: string, token: string) =>
    request(auth.server).post('/auth/oauth/revoke').set('Authorization', authorization).type('form').send({ token }).expect(200);

  it('after an RFC 7009 revoke by a client (Basic) of a login token', async () => {
    const token = await login('alice');
    await expectRevokedEverywhere('user', token, async () => void (await revokeBy(basic('svc-b', 'secret-b'), token)));
  });

  it('after an RFC 7009 revoke (client_secret_post) of a password-grant token by its client', async () => {
    const token = await passwordGrant('alice');
    await expectRevokedEverywhere('user', token, async () => {
      await request(auth.server).post('/auth/oauth/revoke').type('form').send({ token, client_id: 'svc-a', client_secret: 'secret a' }).expect(200);
    });
  });

  it('after a sign-out (the token revoking itself)', async () => {
    const token = await login('alice');
    await expectRevokedEverywhere('user', token, async () => void (await revokeBy(`Bearer ${token}`, token)));
  });

  it('client_credentials token: after its client revokes it (finding 2: it used to be answered 200 and stay valid)', async () => {
    const token = await clientToken();
    await expectRevokedEverywhere('client', token, async () => void (await revokeBy(basic('svc-a', 'secret a'), token)));
  });

  it('client_credentials token: after it revokes itself as bearer', async () => {
    const token = await clientToken();
    await expectRevokedEverywhere('client', token, async () => void (await revokeBy(`Bearer ${token}`, token)));
  });

  for (const [command, account, args, stdin] of [
    ['users disable', 'dora', ['disable', 'dora'], ''],
    ['users passwd', 'pete', ['passwd', 'pete', '--password-stdin'], 'a-new-pete-pass\n'],
    ['users remove', 'rita', ['remove', 'rita'], ''],
  ] as const) {
    it(`after ${command} (login and password-grant tokens)`, async () => {
      const tokens = [await login(account), await passwordGrant(account)];
      const revoke = async () => {
        expect(await users([...args], stdin)).to.equal(0);
        await syncTick();
      };
      await expectRevokedEverywhere('user', tokens, revoke);
    });
  }
});
