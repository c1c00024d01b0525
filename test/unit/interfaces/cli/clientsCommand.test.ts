import { expect } from 'chai';
import type { RegisterClientInput } from '../../../../src/application/clients/RegisterClient';
import { ClientNotFoundError } from '../../../../src/domain/grantErrors';
import { InvalidRequestError } from '../../../../src/domain/errors';
import { hmacNotice, runClientsCommand, type ClientsCommandDeps } from '../../../../src/interfaces/cli/clientsCommand';

/** What scripts rely on: a secret is stdout's last line (`tail -n 1`), everything said to a person goes to stderr. */
describe('clients command', () => {
  let registered: RegisterClientInput[];
  let removed: string[];
  let rotated: string[];
  let out: string[];
  let err: string[];
  let deps: ClientsCommandDeps;

  beforeEach(() => {
    registered = [];
    removed = [];
    rotated = [];
    out = [];
    err = [];
    deps = {
      registerClient: {
        execute: async (input) => {
          registered.push(input);
          return { client: { id: input.id, kind: input.kind, redirectUris: input.redirectUris }, secret: input.kind === 'confidential' ? 'the-new-secret' : null };
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
      clients: { list: async () => [] },
      signMethod: 'rsa',
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    };
  });

  it('add --confidential: the secret alone on stdout, the notices on stderr', async () => {
    expect(await runClientsCommand(['add', '--id', 'webapp', '--redirect-uri', 'https://app.example.com/cb', '--confidential'], deps)).to.equal(0);
    expect(out).to.deep.equal(['the-new-secret']);
    expect(err).to.deep.equal(['added confidential client webapp (1 redirect URI)', 'client secret (shown once, stored only as a hash):']);
  });

  it('add --confidential under hmac says on stderr what the app may do and that it never receives the signing secret; the secret stays last on stdout', async () => {
    deps = { ...deps, signMethod: 'hmac' };
    expect(await runClientsCommand(['add', '--id', 'webapp', '--redirect-uri', 'https://app.example.com/cb', '--confidential'], deps)).to.equal(0);
    expect(out).to.deep.equal(['the-new-secret']);
    expect(err).to.deep.equal(['added confidential client webapp (1 redirect URI)', hmacNotice('webapp'), 'client secret (shown once, stored only as a hash):']);
    expect(hmacNotice('webapp')).to.match(/^AUTH_SIGN_METHOD=hmac: client webapp may .* never receives the signing secret/);
  });

  it('add --public under hmac says nothing of keys (a public client has no secret to authenticate with)', async () => {
    deps = { ...deps, signMethod: 'hmac' };
    expect(await runClientsCommand(['add', '--id', 'spa', '--redirect-uri', 'https://spa.example.com/cb', '--public'], deps)).to.equal(0);
    expect(err).to.deep.equal(['added public client spa (1 redirect URI)']);
  });

  it('add --public prints nothing on stdout', async () => {
    expect(await runClientsCommand(['add', '--id', 'spa', '--redirect-uri', 'https://spa.example.com/cb', '--redirect-uri', 'https://spa.example.com/b', '--public'], deps)).to.equal(0);
    expect(out).to.deep.equal([]);
    expect(err).to.deep.equal(['added public client spa (2 redirect URIs)']);
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

  it('help names rotate-secret', async () => {
    expect(await runClientsCommand(['help'], deps)).to.equal(0);
    expect(out.join('\n')).to.match(/rotate-secret ID/);
    expect(registered).to.deep.equal([]);
  });
});
