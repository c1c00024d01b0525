import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { takesEffectWithin } from '../support/takesEffectWithin';
import { NO_CLIENT_METADATA } from '../../src/domain/model/ClientMetadata';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { runClientsCommand } from '../../src/interfaces/cli/clientsCommand';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { clientsCommandDeps } from '../../src/interfaces/composition/clientsCli';
import { storeCliContainer } from '../../src/interfaces/composition/runStoreCli';
import { TYPES } from '../../src/interfaces/composition/types';
import { authTestConfig } from '../support/authTestServer';
import { expectOAuthError } from '../support/oauthTestHttp';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('npm run clients: registration on the shared store, and the registry that consults it', () => {
  let database: SharedDatabase;
  let cliData: DataSource;
  let deps: ReturnType<typeof clientsCommandDeps>;
  let auth: AuthServer;

  async function clients(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runClientsCommand(args, { ...deps, out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out, err };
  }

  before(async () => {
    database = await STORE_BACKENDS[0].create();
    const config = authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_CLIENTS: 'static-svc:static-secret' });
    const container = storeCliContainer(config);
    cliData = await openDatabase(container.get<DataSource>(TYPES.DataSource));
    deps = clientsCommandDeps(container);
    auth = await buildAuthServer(config);
  });

  after(async () => {
    await auth?.close();
    if (cliData?.isInitialized) await cliData.destroy();
    await database?.dispose();
  });

  it('add --confidential prints the generated secret once, as the last line; the store keeps only its SHA-256', async () => {
    const added = await clients('add', '--id', 'webapp', '--redirect-uri', 'https://app.example.com/cb', '--redirect-uri', 'http://localhost:3000/cb', '--confidential');
    expect(added.code).to.equal(0);
    const secret = added.out[added.out.length - 1];
    expect(secret).to.match(/^[A-Za-z0-9_-]{43}$/);
    const rows = (await cliData.query('SELECT * FROM oauth_clients')) as Array<Record<string, unknown>>;
    expect(rows).to.have.length(1);
    expect(rows[0].secret_hash).to.equal(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows)).not.to.include(secret);

    // ClientRegistry consults AUTH_CLIENTS and the store: both authenticate at the token endpoint. A web app registered with the
    // default grants (authorization_code, refresh_token) is refused client_credentials (unauthorized_client) until it is registered for it.
    const clientCredentials = (id: string, value: string) =>
      request(auth.server).post('/auth/oauth/token').set('Authorization', basic(id, value)).type('form').send({ grant_type: 'client_credentials' });
    expectOAuthError(await clientCredentials('webapp', secret), 400, 'unauthorized_client');
    expect((await clientCredentials('webapp', secret)).body.error_description).to.equal('the client is not registered for the client_credentials grant');
    await clientCredentials('static-svc', 'static-secret').expect(200);
    const updated = await clients('update', 'webapp', '--grant', 'authorization_code', '--grant', 'refresh_token', '--grant', 'client_credentials');
    expect(updated.code, updated.err.join('\n')).to.equal(0);
    // The service's cache of the registration hears of the update from the store within a second.
    await takesEffectWithin('the new grant', async () => (await clientCredentials('webapp', secret)).status === 200);
    await clientCredentials('webapp', `${secret}x`).expect(401);
  });

  it('add --public stores no secret and prints none; a public client cannot authenticate with any secret', async () => {
    const added = await clients('add', '--id', 'spa', '--redirect-uri', 'https://spa.example.com/cb', '--public');
    expect(added.code).to.equal(0);
    expect(added.out).to.deep.equal([]);
    await request(auth.server).post('/auth/oauth/token').set('Authorization', basic('spa', '')).type('form').send({ grant_type: 'client_credentials' }).expect(401);
  });

  it('rotate-secret prints a new secret as the last line of stdout (notices on stderr); the old one is refused at once', async () => {
    const oldSecret = (await clients('add', '--id', 'rotating', '--confidential', '--grant', 'client_credentials')).out.at(-1)!;
    const rotated = await clients('rotate-secret', 'rotating');
    expect(rotated.code).to.equal(0);
    expect(rotated.out).to.have.length(1);
    const newSecret = rotated.out[0];
    expect(newSecret).to.match(/^[A-Za-z0-9_-]{43}$/).and.not.equal(oldSecret);
    expect(rotated.err.join('\n')).not.to.include(newSecret);
    const token = (secret: string) =>
      request(auth.server).post('/auth/oauth/token').set('Authorization', basic('rotating', secret)).type('form').send({ grant_type: 'client_credentials' });
    await token(oldSecret).expect(401);
    await token(newSecret).expect(200);
    expect((await clients('rotate-secret', 'spa')).code, 'a public client has no secret').to.equal(1);
    expect((await clients('rotate-secret', 'nobody')).code).to.equal(1);
    expect((await clients('remove', 'rotating')).code).to.equal(0);
  });

  it('the back-channel logout URI and its sid requirement are stored, shown, replaced and removed; a plain-http one is refused', async () => {
    expect((await clients('add', '--id', 'bcl', '--public', '--redirect-uri', 'https://app.example.com/cb', '--backchannel-logout-uri', 'http://127.0.0.1:9/bcl', '--backchannel-logout-session-required')).code).to.equal(0);
    const shown = async () => JSON.parse((await clients('show', 'bcl', '--json')).out[0]) as Record<string, unknown>;
    expect(await shown()).to.include({ backchannelLogoutUri: 'http://127.0.0.1:9/bcl', backchannelLogoutSessionRequired: true });
    expect((await clients('update', 'bcl', '--backchannel-logout-uri', 'https://app.example.com/bcl')).code).to.equal(0);
    expect(await shown()).to.include({ backchannelLogoutUri: 'https://app.example.com/bcl', backchannelLogoutSessionRequired: true });
    expect((await clients('update', 'bcl', '--backchannel-logout-uri', '')).code).to.equal(0);
    expect(await shown()).to.include({ backchannelLogoutUri: null, backchannelLogoutSessionRequired: false });
    const refused = await clients('update', 'bcl', '--backchannel-logout-uri', 'http://app.example.com/bcl');
    expect(refused.code).to.equal(1);
    expect(refused.err.join('\n')).to.include('must be absolute without a fragment: https, or http on a loopback host');
    expect((await clients('remove', 'bcl')).code).to.equal(0);
  });

  it('list shows ids, kinds, redirect URIs, grants, scopes and resources, never a secret; remove deletes', async () => {
    const listed = await clients('list', '--json');
    expect(JSON.parse(listed.out[0])).to.deep.equal([
      { id: 'spa', kind: 'public', redirectUris: ['https://spa.example.com/cb'], grants: ['authorization_code', 'refresh_token'], scopes: [], resources: [], firstParty: false, postLogoutRedirectUris: [], requirePkce: false, ...NO_CLIENT_METADATA, backchannelLogoutUri: null, backchannelLogoutSessionRequired: false },
      {
        id: 'webapp',
        kind: 'confidential',
        redirectUris: ['https://app.example.com/cb', 'http://localhost:3000/cb'],
        grants: ['authorization_code', 'refresh_token', 'client_credentials'],
        scopes: [],
        resources: [],
        firstParty: false,
        postLogoutRedirectUris: [],
        requirePkce: false,
        ...NO_CLIENT_METADATA,
        backchannelLogoutUri: null,
        backchannelLogoutSessionRequired: false,
      },
    ]);
    expect((await clients('list')).out).to.deep.equal([
      'spa\tpublic\thttps://spa.example.com/cb\tauthorization_code refresh_token',
      'webapp\tconfidential\thttps://app.example.com/cb http://localhost:3000/cb\tauthorization_code refresh_token client_credentials',
    ]);
    expect((await clients('remove', 'spa')).code).to.equal(0);
    expect((await clients('remove', 'spa')).code).to.equal(1);
  });

  it('refuses a taken id, unsafe redirect URIs, and an ambiguous kind', async () => {
    expect((await clients('add', '--id', 'webapp', '--redirect-uri', 'https://x.example.com/cb', '--public')).code).to.equal(1);
    for (const uri of ['javascript:alert(1)', 'http://app.example.com/cb', 'https://app.example.com/cb#frag', '/relative', 'data:text/html,x']) {
      const refused = await clients('add', '--id', 'bad', '--redirect-uri', uri, '--public');
      expect(refused.code, uri).to.equal(1);
    }
    expect((await clients('add', '--id', 'app', '--redirect-uri', 'com.example.app:/callback', '--public')).code).to.equal(0);
    expect((await clients('add', '--id', 'both', '--redirect-uri', 'https://x.example.com/cb', '--public', '--confidential')).code).to.equal(2);
    expect((await clients('add', '--id', 'none', '--redirect-uri', 'https://x.example.com/cb')).code).to.equal(2);
    expect((await clients('add', '--id', 'a:b', '--redirect-uri', 'https://x.example.com/cb', '--public')).code).to.equal(1);
  });

  it('a public client is refused the password grant (unauthorized_client), and cannot be registered for it', async () => {
    expect((await clients('add', '--id', 'pub', '--redirect-uri', 'https://pub.example.com/cb', '--public')).code).to.equal(0);
    const res = await request(auth.server).post('/auth/oauth/token').type('form').send({ grant_type: 'password', client_id: 'pub', username: 'admin', password: 'whatever' });
    expectOAuthError(res, 400, 'unauthorized_client');
    expect(res.body.error_description).to.equal('the client is not registered for the password grant');
    expectOAuthError(await request(auth.server).post('/auth/oauth/token').type('form').send({ grant_type: 'client_credentials', client_id: 'pub' }), 400, 'unauthorized_client');
    const refused = await clients('update', 'pub', '--grant', 'password');
    expect(refused.code).to.equal(1);
    expect(refused.err).to.deep.equal(['clients: grant "password" needs a confidential client: a public client has no secret']);
    expect((await clients('add', '--id', 'pub2', '--redirect-uri', 'https://pub.example.com/cb', '--public', '--grant', 'password')).code).to.equal(1);
  });

  it('add with grants, scopes and resources; show prints them exactly as given, never the secret or its digest', async () => {
    const added = await clients(
      'add', '--id', 'reports', '--confidential',
      '--grant', 'client_credentials', '--scope', 'orders:read', '--scope', 'orders:write', '--resource', 'https://orders.example', '--resource', 'urn:example:billing',
    );
    expect(added.code, added.err.join('\n')).to.equal(0);
    const secret = added.out.at(-1)!;
    const shown = await clients('show', 'reports');
    expect(shown.code).to.equal(0);
    expect(shown.out).to.deep.equal([
      'id: reports',
      'kind: confidential',
      'redirect URIs: (none)',
      'grants: client_credentials',
      'scopes: orders:read orders:write',
      'resources: https://orders.example urn:example:billing',
      'first party: no',
      'post-logout redirect URIs: (none)',
      'PKCE required: no',
      'name: (none)',
      'logo URI: (none)',
      'policy URI: (none)',
      'terms of service URI: (none)',
      'back-channel logout URI: (none)',
      'JWKS: (none)',
      'JWKS URI: (none)',
      'PAR required: no',
    ]);
    const json = await clients('show', 'reports', '--json');
    expect(JSON.parse(json.out[0])).to.deep.equal({
      id: 'reports',
      kind: 'confidential',
      redirectUris: [],
      grants: ['client_credentials'],
      scopes: ['orders:read', 'orders:write'],
      resources: ['https://orders.example', 'urn:example:billing'],
      firstParty: false,
      postLogoutRedirectUris: [],
      requirePkce: false,
      ...NO_CLIENT_METADATA,
      backchannelLogoutUri: null,
      backchannelLogoutSessionRequired: false,
    });
    const everything = [...shown.out, ...shown.err, ...json.out, ...json.err].join('\n');
    expect(everything).not.to.include(secret);
    expect(everything).not.to.include(createHash('sha256').update(secret).digest('hex'));
    // Registered for client_credentials only: the password grant is refused, client_credentials answers.
    expectOAuthError(await request(auth.server).post('/auth/oauth/token').set('Authorization', basic('reports', secret)).type('form').send({ grant_type: 'password', username: 'admin', password: 'x' }), 400, 'unauthorized_client');
    await request(auth.server).post('/auth/oauth/token').set('Authorization', basic('reports', secret)).type('form').send({ grant_type: 'client_credentials' }).expect(200);
  });

  it('update replaces only the lists given; show and update name an unknown client and exit non-zero', async () => {
    const updated = await clients('update', 'reports', '--scope', 'reports:read');
    expect(updated.code).to.equal(0);
    expect(updated.out).to.include('scopes: reports:read').and.to.include('resources: https://orders.example urn:example:billing').and.to.include('grants: client_credentials');
    for (const command of ['show', 'update']) {
      const unknown = await clients(command, 'ghost', ...(command === 'update' ? ['--scope', 'a'] : []));
      expect(unknown.code, command).to.equal(1);
      expect(unknown.err, command).to.deep.equal(['clients: no client "ghost"']);
      expect(unknown.out, command).to.deep.equal([]);
    }
  });

  it('the metadata the pages show: stored, shown, as JSON (null when unset), cleared with an empty value, refused naming the flag', async () => {
    const flags = ['--name', 'Orders <App>', '--logo-uri', 'https://orders.example/logo.png', '--policy-uri', 'https://orders.example/privacy', '--tos-uri', 'http://127.0.0.1:8080/terms'];
    expect((await clients('add', '--id', 'named', '--public', '--redirect-uri', 'https://orders.example/cb', ...flags)).code).to.equal(0);
    const shown = await clients('show', 'named');
    expect(shown.out.slice(-8, -4)).to.deep.equal(['name: Orders <App>', 'logo URI: https://orders.example/logo.png', 'policy URI: https://orders.example/privacy', 'terms of service URI: http://127.0.0.1:8080/terms']);
    expect(JSON.parse((await clients('show', 'named', '--json')).out[0])).to.include({ name: 'Orders <App>', logoUri: 'https://orders.example/logo.png', policyUri: 'https://orders.example/privacy', tosUri: 'http://127.0.0.1:8080/terms' });
    expect((await clients('update', 'named', '--name', '', '--tos-uri', '')).code).to.equal(0);
    const listed = (JSON.parse((await clients('list', '--json')).out[0]) as Array<Record<string, unknown>>).find((client) => client.id === 'named');
    expect(listed).to.include({ name: null, logoUri: 'https://orders.example/logo.png', policyUri: 'https://orders.example/privacy', tosUri: null });
    const refused = await clients('update', 'named', '--policy-uri', 'http://orders.example/privacy');
    expect(refused.code).to.equal(1);
    expect(refused.err[0]).to.equal('clients: --policy-uri "http://orders.example/privacy" must be an absolute https URL (http only on a loopback host) without a fragment');
    expect(JSON.parse((await clients('show', 'named', '--json')).out[0])).to.include({ policyUri: 'https://orders.example/privacy' });
  });

  it('bad input exits non-zero naming the value, and stores nothing', async () => {
    for (const [flags, named] of [
      [['--grant', 'implicit'], '"implicit"'],
      [['--scope', 'orders read'], '"orders read"'],
      [['--scope', 'orders\u0007'], '"orders\\u0007"'],
      [['--resource', 'orders.example'], '"orders.example"'],
      [['--resource', 'https://orders.example#top'], '"https://orders.example#top"'],
    ] as const) {
      for (const args of [['add', '--id', 'bad', '--confidential', '--redirect-uri', 'https://bad.example/cb', ...flags], ['update', 'reports', ...flags]]) {
        const refused = await clients(...args);
        expect(refused.code, args.join(' ')).to.equal(1);
        expect(refused.err.join('\n'), args.join(' ')).to.include(named);
        expect(refused.out).to.deep.equal([]);
      }
    }
    expect((await clients('show', 'bad')).code).to.equal(1);
    expect((await clients('show', 'reports')).out).to.include('scopes: reports:read');
  });
});
