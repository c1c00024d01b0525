import { expect } from 'chai';
import type { RegisterClientInput } from '../../../../src/application/clients/RegisterClient';
import type { UpdateClientInput } from '../../../../src/application/clients/UpdateClient';
import { ClientNotFoundError } from '../../../../src/domain/grantErrors';
import { InvalidRequestError } from '../../../../src/domain/errors';
import { hmacNotice, runClientsCommand, type ClientsCommandDeps } from '../../../../src/interfaces/cli/clientsCommand';
import { registeredClient } from '../../../support/oauthClients';

/** What the command passes on when no metadata flag is given. */
const NO_METADATA_GIVEN = { name: undefined, logoUri: undefined, policyUri: undefined, tosUri: undefined };

const BATCH = registeredClient({
  id: 'batch',
  kind: 'confidential',
  redirectUris: [],
  grants: ['client_credentials'],
  scopes: ['orders:read', 'orders:write'],
  resources: ['https://orders.example'],
});

/** What scripts rely on: a secret is stdout's last line (`tail -n 1`), everything said to a person goes to stderr. */
describe('clients command', () => {
  let registered: RegisterClientInput[];
  let updated: UpdateClientInput[];
  let removed: string[];
  let rotated: string[];
  let out: string[];
  let err: string[];
  let deps: ClientsCommandDeps;

  beforeEach(() => {
    registered = [];
    updated = [];
    removed = [];
    rotated = [];
    out = [];
    err = [];
    deps = {
      registerClient: {
        execute: async (input) => {
          registered.push(input);
          const client = registeredClient({ id: input.id, kind: input.kind, redirectUris: input.redirectUris });
          return { client: input.grants ? { ...client, grants: ['client_credentials'] } : client, secret: input.kind === 'confidential' ? 'the-new-secret' : null };
        },
      },
      removeClient: {
        execute: async ({ id }) => {
          if (id === 'ghost') throw new ClientNotFoundError(id);
          removed.push(id);
          return { families: 3, codes: 1 };
        },
      },
      rotateClientSecret: {
        execute: async ({ id }) => {
          if (id === 'ghost') throw new ClientNotFoundError(id);
          if (id === 'spa') throw new InvalidRequestError('client "spa" is public: it has no secret');
          rotated.push(id);
          return { secret: 'the-rotated-secret' };
        },
      },
      updateClient: {
        execute: async (input) => {
          if (input.id === 'ghost') throw new ClientNotFoundError(input.id);
          if (input.grants?.includes('bogus')) throw new InvalidRequestError('unknown grant "bogus": use authorization_code, refresh_token, client_credentials, password');
          updated.push(input);
          return { client: { ...BATCH, scopes: input.scopes ?? BATCH.scopes } };
        },
      },
      clients: { list: async () => [], find: async (id) => (id === 'batch' ? BATCH : null) },
      signMethod: 'rsa',
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    };
  });

  it('add --confidential: the secret alone on stdout, the notices on stderr', async () => {
    expect(await runClientsCommand(['add', '--id', 'webapp', '--redirect-uri', 'https://app.example.com/cb', '--confidential'], deps)).to.equal(0);
    expect(out).to.deep.equal(['the-new-secret']);
    expect(err).to.deep.equal(['added confidential client webapp (1 redirect URI; grants authorization_code, refresh_token)', 'client secret (shown once, stored only as a hash):']);
    expect(registered).to.deep.equal([{ id: 'webapp', kind: 'confidential', redirectUris: ['https://app.example.com/cb'], grants: undefined, scopes: undefined, resources: undefined, firstParty: false, postLogoutRedirectUris: undefined, requirePkce: false, ...NO_METADATA_GIVEN }]);
  });

  it('add --confidential under hmac says on stderr what the app may do and that it never receives the signing secret; the secret stays last on stdout', async () => {
    deps = { ...deps, signMethod: 'hmac' };
    expect(await runClientsCommand(['add', '--id', 'webapp', '--redirect-uri', 'https://app.example.com/cb', '--confidential'], deps)).to.equal(0);
    expect(out).to.deep.equal(['the-new-secret']);
    const client = registeredClient({ id: 'webapp', kind: 'confidential', redirectUris: ['https://app.example.com/cb'] });
    expect(err).to.deep.equal(['added confidential client webapp (1 redirect URI; grants authorization_code, refresh_token)', hmacNotice(client), 'client secret (shown once, stored only as a hash):']);
    expect(hmacNotice(client)).to.match(/^AUTH_SIGN_METHOD=hmac: client webapp may use authorization_code, refresh_token, revoke .* never receives the signing secret/);
  });

  it('add --public under hmac says nothing of keys (a public client has no secret to authenticate with)', async () => {
    deps = { ...deps, signMethod: 'hmac' };
    expect(await runClientsCommand(['add', '--id', 'spa', '--redirect-uri', 'https://spa.example.com/cb', '--public'], deps)).to.equal(0);
    expect(err).to.deep.equal(['added public client spa (1 redirect URI; grants authorization_code, refresh_token)']);
  });

  it('add --public prints nothing on stdout', async () => {
    expect(await runClientsCommand(['add', '--id', 'spa', '--redirect-uri', 'https://spa.example.com/cb', '--redirect-uri', 'https://spa.example.com/b', '--public'], deps)).to.equal(0);
    expect(out).to.deep.equal([]);
    expect(err).to.deep.equal(['added public client spa (2 redirect URIs; grants authorization_code, refresh_token)']);
  });

  it('rotate-secret ID: the new secret alone on stdout, the notice on stderr', async () => {
    expect(await runClientsCommand(['rotate-secret', 'webapp'], deps)).to.equal(0);
    expect(rotated).to.deep.equal(['webapp']);
    expect(out).to.deep.equal(['the-rotated-secret']);
    expect(err).to.deep.equal(['new secret of client webapp (shown once, stored only as a hash; the old one is refused from now on):']);
  });

  it('rotate-secret refuses an unknown or public client (1) and a missing or extra id (2), printing no secret', async () => {
    expect(await runClientsCommand(['rotate-secret', 'ghost'], deps)).to.equal(1);
    expect(await runClientsCommand(['rotate-secret', 'spa'], deps)).to.equal(1);
    expect(err).to.deep.equal(['clients: no client "ghost"', 'clients: client "spa" is public: it has no secret']);
    expect(await runClientsCommand(['rotate-secret'], deps)).to.equal(2);
    expect(await runClientsCommand(['rotate-secret', 'a', 'b'], deps)).to.equal(2);
    expect(err[2]).to.equal('clients: rotate-secret needs exactly one client id');
    expect(out).to.deep.equal([]);
    expect(rotated).to.deep.equal([]);
  });

  it('remove ID ends the grants and says so on stderr; an unknown id is refused (1)', async () => {
    expect(await runClientsCommand(['remove', 'webapp'], deps)).to.equal(0);
    expect(removed).to.deep.equal(['webapp']);
    expect(out).to.deep.equal([]);
    expect(err).to.deep.equal([
      'removed client webapp: 3 refresh-token families and 1 authorization codes deleted; its access tokens are refused at each instance\'s next revocation sync',
    ]);
    expect(await runClientsCommand(['remove', 'ghost'], deps)).to.equal(1);
    expect(err[1]).to.equal('clients: no client "ghost"');
    expect(await runClientsCommand(['remove'], deps)).to.equal(2);
  });

  it('add takes every list flag repeated, redirect URIs optional; the secret stays the last line of stdout', async () => {
    const args = ['add', '--id', 'batch', '--confidential', '--grant', 'client_credentials', '--scope', 'orders:read', '--scope', 'orders:write', '--resource', 'https://orders.example'];
    expect(await runClientsCommand(args, deps)).to.equal(0);
    expect(registered).to.deep.equal([
      { id: 'batch', kind: 'confidential', redirectUris: [], grants: ['client_credentials'], scopes: ['orders:read', 'orders:write'], resources: ['https://orders.example'], firstParty: false, postLogoutRedirectUris: undefined, requirePkce: false, ...NO_METADATA_GIVEN },
    ]);
    expect(out).to.deep.equal(['the-new-secret']);
    expect(err[0]).to.equal('added confidential client batch (0 redirect URIs; grants client_credentials)');
    expect(await runClientsCommand(['add', '--id', 'strict', '--confidential', '--redirect-uri', 'https://s.example/cb', '--require-pkce'], deps)).to.equal(0);
    expect(registered.at(-1)).to.deep.include({ id: 'strict', requirePkce: true });
  });

  it('add needs --id and exactly one kind (2)', async () => {
    expect(await runClientsCommand(['add', '--public'], deps)).to.equal(2);
    expect(err[0]).to.equal('clients: add needs --id');
    expect(await runClientsCommand(['add', '--id', 'x', '--redirect-uri', 'https://x.example/cb'], deps)).to.equal(2);
    expect(await runClientsCommand(['add', '--id', 'x', '--public', 'extra'], deps)).to.equal(2);
    expect(registered).to.deep.equal([]);
  });

  it('update ID: the flags given, nothing for the others; the registration on stdout, the notice on stderr', async () => {
    expect(await runClientsCommand(['update', 'batch', '--scope', 'orders:read', '--scope', 'reports'], deps)).to.equal(0);
    expect(updated).to.deep.equal([{ id: 'batch', redirectUris: undefined, grants: undefined, scopes: ['orders:read', 'reports'], resources: undefined, firstParty: undefined, postLogoutRedirectUris: undefined, requirePkce: undefined, ...NO_METADATA_GIVEN }]);
    expect(err).to.deep.equal(['updated client batch']);
    expect(out).to.deep.equal([
      'id: batch',
      'kind: confidential',
      'redirect URIs: (none)',
      'grants: client_credentials',
      'scopes: orders:read reports',
      'resources: https://orders.example',
      'first party: no',
      'post-logout redirect URIs: (none)',
      'PKCE required: no',
      'name: (none)',
      'logo URI: (none)',
      'policy URI: (none)',
      'terms of service URI: (none)',
      'back-channel logout URI: (none)',
    ]);
    expect(await runClientsCommand(['update', 'batch', '--redirect-uri', 'https://b.example/cb', '--grant', 'authorization_code', '--grant', 'refresh_token', '--resource', 'urn:x:y'], deps)).to.equal(0);
    expect(updated[1]).to.deep.equal({ id: 'batch', redirectUris: ['https://b.example/cb'], grants: ['authorization_code', 'refresh_token'], scopes: undefined, resources: ['urn:x:y'], firstParty: undefined, postLogoutRedirectUris: undefined, requirePkce: undefined, ...NO_METADATA_GIVEN });
    expect(await runClientsCommand(['update', 'batch', '--first-party', '--post-logout-redirect-uri', 'https://b.example/bye'], deps)).to.equal(0);
    expect(updated[2]).to.deep.include({ firstParty: true, postLogoutRedirectUris: ['https://b.example/bye'] });
    expect(await runClientsCommand(['update', 'batch', '--third-party'], deps)).to.equal(0);
    expect(updated[3]).to.deep.include({ firstParty: false });
    expect(await runClientsCommand(['update', 'batch', '--first-party', '--third-party'], deps)).to.equal(2);
    expect(err.at(-2)).to.equal('clients: update takes --first-party or --third-party, not both');
    expect(await runClientsCommand(['update', 'batch', '--require-pkce'], deps)).to.equal(0);
    expect(updated.at(-1)).to.deep.include({ requirePkce: true });
    expect(await runClientsCommand(['update', 'batch', '--default-pkce'], deps)).to.equal(0);
    expect(updated.at(-1)).to.deep.include({ requirePkce: false });
    expect(await runClientsCommand(['update', 'batch', '--require-pkce', '--default-pkce'], deps)).to.equal(2);
    expect(err.at(-2)).to.equal('clients: update takes --require-pkce or --default-pkce, not both');
  });

  it('update refuses an unknown client or a bad value by name (1), a missing id or no flag (2)', async () => {
    expect(await runClientsCommand(['update', 'ghost', '--scope', 'a'], deps)).to.equal(1);
    expect(await runClientsCommand(['update', 'batch', '--grant', 'bogus'], deps)).to.equal(1);
    expect(err).to.deep.equal(['clients: no client "ghost"', 'clients: unknown grant "bogus": use authorization_code, refresh_token, client_credentials, password']);
    expect(await runClientsCommand(['update', '--scope', 'a'], deps)).to.equal(2);
    expect(err[2]).to.equal('clients: update needs exactly one client id');
    expect(await runClientsCommand(['update', 'batch'], deps)).to.equal(2);
    expect(err.at(-2)).to.equal(
      'clients: update needs at least one of --redirect-uri, --grant, --scope, --resource, --first-party, --third-party, --post-logout-redirect-uri, --require-pkce, --default-pkce, --require-acr, --name, --logo-uri, --policy-uri, --tos-uri, --backchannel-logout-uri, --backchannel-logout-session-required',
    );
    expect(await runClientsCommand(['update', 'batch', '--id', 'other'], deps)).to.equal(2);
    expect(out).to.deep.equal([]);
  });

  it('show ID prints the registration, never a secret; --json as the model; unknown is refused (1)', async () => {
    expect(await runClientsCommand(['show', 'batch'], deps)).to.equal(0);
    expect(out).to.deep.equal([
      'id: batch',
      'kind: confidential',
      'redirect URIs: (none)',
      'grants: client_credentials',
      'scopes: orders:read orders:write',
      'resources: https://orders.example',
      'first party: no',
      'post-logout redirect URIs: (none)',
      'PKCE required: no',
      'name: (none)',
      'logo URI: (none)',
      'policy URI: (none)',
      'terms of service URI: (none)',
      'back-channel logout URI: (none)',
    ]);
    out.length = 0;
    expect(await runClientsCommand(['show', 'batch', '--json'], deps)).to.equal(0);
    expect(JSON.parse(out[0])).to.deep.equal({ ...BATCH, backchannelLogoutUri: null, backchannelLogoutSessionRequired: false });
    expect(await runClientsCommand(['show', 'ghost'], deps)).to.equal(1);
    expect(err).to.deep.equal(['clients: no client "ghost"']);
    expect(await runClientsCommand(['show'], deps)).to.equal(2);
    expect(err[1]).to.equal('clients: show needs exactly one client id');
  });

  it('add and update pass the back-channel logout URI and its sid requirement on; show names them', async () => {
    const flags = ['--backchannel-logout-uri', 'http://127.0.0.1:9/bcl', '--backchannel-logout-session-required'];
    expect(await runClientsCommand(['add', '--id', 'web', '--public', ...flags], deps)).to.equal(0);
    expect(registered[0]).to.include({ backchannelLogoutUri: 'http://127.0.0.1:9/bcl', backchannelLogoutSessionRequired: true });
    expect(await runClientsCommand(['update', 'batch', '--backchannel-logout-uri', ''], deps)).to.equal(0);
    expect(updated[0]).to.include({ id: 'batch', backchannelLogoutUri: '' }).and.not.have.property('backchannelLogoutSessionRequired');
    const wired = { ...BATCH, backchannelLogoutUri: 'https://batch.example/bcl', backchannelLogoutSessionRequired: true };
    deps = { ...deps, clients: { ...deps.clients, find: async () => wired, list: async () => [wired] } };
    out.length = 0;
    expect(await runClientsCommand(['show', 'batch'], deps)).to.equal(0);
    expect(out.at(-1)).to.equal('back-channel logout URI: https://batch.example/bcl (sid required)');
    out.length = 0;
    await runClientsCommand(['show', 'batch', '--json'], deps);
    await runClientsCommand(['list', '--json'], deps);
    expect(JSON.parse(out[0])).to.deep.equal(wired);
    expect(JSON.parse(out[1])).to.deep.equal([wired]);
  });

  it('list shows id, kind, redirect URIs and grants, tab-separated', async () => {
    deps = { ...deps, clients: { ...deps.clients, list: async () => [BATCH, registeredClient({ id: 'spa', kind: 'public', redirectUris: ['https://a.example/cb', 'https://b.example/cb'] })] } };
    expect(await runClientsCommand(['list'], deps)).to.equal(0);
    expect(out).to.deep.equal(['batch\tconfidential\t\tclient_credentials', 'spa\tpublic\thttps://a.example/cb https://b.example/cb\tauthorization_code refresh_token']);
  });

  describe('the metadata the pages show (RFC 7591: name, logo, policy, terms)', () => {
    const NAMED = { ...BATCH, name: 'Batch <jobs>', logoUri: 'https://b.example/logo.png', policyUri: 'https://b.example/privacy', tosUri: 'https://b.example/terms' };

    it('add and update pass --name, --logo-uri, --policy-uri and --tos-uri on; update with only one is enough, an empty value is passed on to clear', async () => {
      const flags = ['--name', 'Batch <jobs>', '--logo-uri', NAMED.logoUri, '--policy-uri', NAMED.policyUri, '--tos-uri', NAMED.tosUri];
      expect(await runClientsCommand(['add', '--id', 'batch', '--confidential', ...flags], deps)).to.equal(0);
      expect(registered[0]).to.deep.include({ name: 'Batch <jobs>', logoUri: NAMED.logoUri, policyUri: NAMED.policyUri, tosUri: NAMED.tosUri });
      for (const flag of ['--name', '--logo-uri', '--policy-uri', '--tos-uri']) expect(await runClientsCommand(['update', 'batch', flag, ''], deps), flag).to.equal(0);
      expect(updated).to.deep.equal([
        { id: 'batch', redirectUris: undefined, grants: undefined, scopes: undefined, resources: undefined, firstParty: undefined, postLogoutRedirectUris: undefined, requirePkce: undefined, ...NO_METADATA_GIVEN, name: '' },
        { id: 'batch', redirectUris: undefined, grants: undefined, scopes: undefined, resources: undefined, firstParty: undefined, postLogoutRedirectUris: undefined, requirePkce: undefined, ...NO_METADATA_GIVEN, logoUri: '' },
        { id: 'batch', redirectUris: undefined, grants: undefined, scopes: undefined, resources: undefined, firstParty: undefined, postLogoutRedirectUris: undefined, requirePkce: undefined, ...NO_METADATA_GIVEN, policyUri: '' },
        { id: 'batch', redirectUris: undefined, grants: undefined, scopes: undefined, resources: undefined, firstParty: undefined, postLogoutRedirectUris: undefined, requirePkce: undefined, ...NO_METADATA_GIVEN, tosUri: '' },
      ]);
    });

    it('show prints them, show --json and list --json carry them as name, logoUri, policyUri, tosUri (null when unset)', async () => {
      deps = { ...deps, clients: { list: async () => [NAMED, BATCH], find: async () => NAMED } };
      expect(await runClientsCommand(['show', 'batch'], deps)).to.equal(0);
      expect(out.slice(-5, -1)).to.deep.equal(['name: Batch <jobs>', 'logo URI: https://b.example/logo.png', 'policy URI: https://b.example/privacy', 'terms of service URI: https://b.example/terms']);
      out.length = 0;
      expect(await runClientsCommand(['show', 'batch', '--json'], deps)).to.equal(0);
      expect(JSON.parse(out[0])).to.include({ name: 'Batch <jobs>', logoUri: NAMED.logoUri, policyUri: NAMED.policyUri, tosUri: NAMED.tosUri });
      out.length = 0;
      expect(await runClientsCommand(['list', '--json'], deps)).to.equal(0);
      expect(JSON.parse(out[0])[1]).to.include({ name: null, logoUri: null, policyUri: null, tosUri: null });
    });

    it('help names the flags and how to clear one', async () => {
      expect(await runClientsCommand(['help'], deps)).to.equal(0);
      expect(out.join('\n')).to.include('[--name NAME] [--logo-uri URL] [--policy-uri URL] [--tos-uri URL]').and.include("--name ''");
    });
  });

  it('help names every command, the grants and what AUTH_CLIENTS entries may do', async () => {
    expect(await runClientsCommand(['help'], deps)).to.equal(0);
    const usage = out.join('\n');
    for (const command of ['add --id ID', 'update ID', 'show ID', 'list [--json]', 'remove ID', 'rotate-secret ID']) expect(usage).to.include(command);
    expect(usage).to.include('Grants: authorization_code, refresh_token, client_credentials, password');
    expect(usage).to.include('they may use refresh_token, client_credentials, password, with no scopes and no resources');
    expect(registered).to.deep.equal([]);
  });
  it('registers and updates the level every sign-in for the client must reach, shown when set', async () => {
    const registered: unknown[] = [];
    const updated: unknown[] = [];
    const withLevels = {
      ...deps,
      registerClient: { execute: async (input: { id: string }) => (registered.push(input), { client: { ...BATCH, id: input.id }, secret: null }) },
      updateClient: { execute: async (input: { id: string }) => (updated.push(input), { client: { ...BATCH, requireAcr: 'urn:auth-service:acr:mfa' as const } }) },
    } as unknown as ClientsCommandDeps;
    expect(await runClientsCommand(['add', '--id', 'web', '--public', '--redirect-uri', 'https://web.example/cb', '--require-acr', 'urn:auth-service:acr:mfa'], withLevels)).to.equal(0);
    expect(registered[0]).to.deep.include({ requireAcr: 'urn:auth-service:acr:mfa' });
    expect(await runClientsCommand(['update', 'web', '--require-acr', 'urn:auth-service:acr:mfa'], withLevels)).to.equal(0);
    expect(updated[0]).to.deep.include({ id: 'web', requireAcr: 'urn:auth-service:acr:mfa', requirePkce: undefined });
    expect(out).to.include('required acr: urn:auth-service:acr:mfa');
  });
});
