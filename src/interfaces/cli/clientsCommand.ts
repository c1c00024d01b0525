import { parseArgs } from 'node:util';
import { DomainError } from '../../domain/errors';
import type { RegisterClient } from '../../application/clients/RegisterClient';
import type { RemoveClient } from '../../application/clients/RemoveClient';
import type { RotateClientSecret } from '../../application/clients/RotateClientSecret';
import type { UpdateClient } from '../../application/clients/UpdateClient';
import { ClientNotFoundError } from '../../domain/grantErrors';
import { CONFIGURED_CLIENT_GRANTS, GRANT_TYPES } from '../../domain/model/GrantType';
import type { OAuthClient } from '../../domain/model/OAuthClient';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { SignMethod } from '@auth-service/client';
import { METADATA_FLAGS, METADATA_OPTIONS, METADATA_USAGE, metadataInputOf, metadataLines } from './clientMetadataOptions';

export interface ClientsCommandDeps {
  readonly registerClient: Pick<RegisterClient, 'execute'>;
  readonly removeClient: Pick<RemoveClient, 'execute'>;
  readonly rotateClientSecret: Pick<RotateClientSecret, 'execute'>;
  readonly updateClient: Pick<UpdateClient, 'execute'>;
  readonly clients: Pick<OAuthClientStore, 'list' | 'find'>;
  /** The service's AUTH_SIGN_METHOD: under hmac a confidential client is told what it can and cannot do. */
  readonly signMethod: SignMethod;
  /** Results (a secret, the list): a printed secret is the last line, alone, so scripts can take it with `tail -n 1`. */
  readonly out: (line: string) => void;
  /** Notices and errors, for the person at the terminal. */
  readonly err: (line: string) => void;
}

export const CLIENTS_USAGE = `Usage: npm run clients -- <command>

  add --id ID (--public | --confidential) [--redirect-uri URI …] [--grant TYPE …]
      [--scope S …] [--resource URI …] [--first-party] [--post-logout-redirect-uri URI …]
${METADATA_USAGE}
      [--backchannel-logout-uri URI [--backchannel-logout-session-required]]
                      register a client; each flag may be repeated. Grants: ${GRANT_TYPES.join(', ')};
                      none named: authorization_code and refresh_token. client_credentials and
                      password only when named, and only for a confidential client. The
                      authorization_code grant needs a redirect URI. A scope is one RFC 6749
                      scope token (no spaces, quotes or backslashes); a resource an absolute URI
                      without a fragment (RFC 8707), kept exactly as given. --first-party: the
                      service's own app, which skips the OpenID Connect consent page; a post-logout
                      redirect URI is where RP-Initiated Logout may send the browser back. The pages
                      show the name and links (https, http on loopback only); the
                      back-channel logout URI (https, or http on a loopback host) is where the
                      service POSTs a logout token when a sign-in session that issued the client
                      codes ends or its user is locked out; with --backchannel-logout-session-required
                      every token names the session (sid). A confidential
                      client's secret is printed once, as the last line of standard output
      [--require-pkce]  every authorization request must carry PKCE; without it a confidential
                      client asking for openid with a nonce may leave PKCE out (a public client never)
      [--require-acr VALUE]
                      every sign-in for the client must reach this level (urn:auth-service:acr:mfa,
                      urn:auth-service:acr:phishing-resistant); a lower one steps up on the sign-in page
  update ID [--redirect-uri URI …] [--grant TYPE …] [--scope S …] [--resource URI …]
      [--first-party | --third-party] [--post-logout-redirect-uri URI …]
      [--require-pkce | --default-pkce] [--require-acr VALUE]
${METADATA_USAGE}
      [--backchannel-logout-uri URI] [--backchannel-logout-session-required]
                      a flag given replaces that list (or setting), the others keep theirs; same
                      checks as add; an empty value (--name '') clears the name, logo or URL;
                      --backchannel-logout-uri '' removes the URI, --require-acr '' the level
  show ID [--json]    the client's registration: kind, redirect URIs, grants, scopes, resources,
                      first party, post-logout redirect URIs, PKCE required (JSON: requirePkce), name, logo, policy
                      and terms URIs, back-channel logout URI (JSON: backchannelLogoutUri, null when none,
                      and backchannelLogoutSessionRequired)
  list [--json]       every registered client with its kind, redirect URIs and grants (no secrets)
  remove ID           delete a client and end its grants: its refresh tokens and authorization
                      codes at once, its access tokens at each instance's next revocation sync
                      and each client service's next feed read; adding the id again revives none
  rotate-secret ID    give a confidential client a new secret, printed once as the last line of
                      standard output; the old one is refused at once

Clients of AUTH_CLIENTS (resource services) are configured, not stored, and not listed
here: they may use ${CONFIGURED_CLIENT_GRANTS.join(', ')}, with no scopes and no resources.
Clients registered before grants were stored keep what they could do: a confidential one
all four grants, a public one authorization_code and refresh_token.
Notices go to standard error. The database is AUTH_DATABASE_URL's (default
sqlite:data/auth.sqlite); migrations run first.`;

/** Exit codes: 0 done, 1 refused (id taken, unknown id, invalid value), 2 usage error. */
export async function runClientsCommand(argv: readonly string[], deps: ClientsCommandDeps): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'add':
        return await add(rest, deps);
      case 'update':
        return await update(rest, deps);
      case 'show':
        return await show(rest, deps);
      case 'list':
        return await list(rest, deps);
      case 'remove':
        return await remove(rest, deps);
      case 'rotate-secret':
        return await rotateSecret(rest, deps);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        deps.out(CLIENTS_USAGE);
        return command === undefined ? 2 : 0;
      default:
        return usageError(deps, `unknown command ${JSON.stringify(command)}`);
    }
  } catch (error) {
    if (error instanceof DomainError) {
      deps.err(`clients: ${error.message}`);
      return 1;
    }
    if (error instanceof TypeError && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) return usageError(deps, error.message);
    throw error;
  }
}

/** The repeatable flags naming what a client may do; each given replaces its list. */
const REGISTRATION_OPTIONS = {
  'redirect-uri': { type: 'string', multiple: true },
  grant: { type: 'string', multiple: true },
  scope: { type: 'string', multiple: true },
  resource: { type: 'string', multiple: true },
  'post-logout-redirect-uri': { type: 'string', multiple: true },
  'first-party': { type: 'boolean' },
  'require-pkce': { type: 'boolean' },
  'require-acr': { type: 'string' },
  ...METADATA_OPTIONS,
  'backchannel-logout-uri': { type: 'string' },
  'backchannel-logout-session-required': { type: 'boolean' },
} as const;

async function add(args: readonly string[], deps: ClientsCommandDeps): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { ...REGISTRATION_OPTIONS, id: { type: 'string' }, public: { type: 'boolean' }, confidential: { type: 'boolean' } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) return usageError(deps, `unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.id === undefined) return usageError(deps, 'add needs --id');
  if (Boolean(values.public) === Boolean(values.confidential)) return usageError(deps, 'add needs exactly one of --public and --confidential');
  const kind = values.public ? 'public' : 'confidential';
  const { client, secret } = await deps.registerClient.execute({
    id: values.id,
    kind,
    redirectUris: values['redirect-uri'] ?? [],
    grants: values.grant,
    scopes: values.scope,
    resources: values.resource,
    firstParty: values['first-party'] ?? false,
    postLogoutRedirectUris: values['post-logout-redirect-uri'],
    requirePkce: values['require-pkce'] ?? false,
    ...(values['require-acr'] === undefined ? {} : { requireAcr: values['require-acr'] }),
    ...metadataInputOf(values),
    ...backchannelLogoutFlags(values),
  });
  const uris = client.redirectUris.length;
  deps.err(`added ${kind} client ${client.id} (${uris} redirect URI${uris === 1 ? '' : 's'}; grants ${client.grants.join(', ')})`);
  if (kind === 'confidential' && deps.signMethod === 'hmac') deps.err(hmacNotice(client));
  if (secret !== null) printSecret(deps, 'client secret (shown once, stored only as a hash):', secret);
  return 0;
}

async function update(args: readonly string[], deps: ClientsCommandDeps): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { ...REGISTRATION_OPTIONS, 'third-party': { type: 'boolean' }, 'default-pkce': { type: 'boolean' } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length !== 1) return usageError(deps, 'update needs exactly one client id');
  if (Object.keys(values).length === 0) {
    return usageError(
      deps,
      `update needs at least one of --redirect-uri, --grant, --scope, --resource, --first-party, --third-party, --post-logout-redirect-uri, --require-pkce, --default-pkce, --require-acr, ${METADATA_FLAGS}, --backchannel-logout-uri, --backchannel-logout-session-required`,
    );
  }
  if (values['first-party'] && values['third-party']) return usageError(deps, 'update takes --first-party or --third-party, not both');
  if (values['require-pkce'] && values['default-pkce']) return usageError(deps, 'update takes --require-pkce or --default-pkce, not both');
  const { client } = await deps.updateClient.execute({
    id: positionals[0],
    redirectUris: values['redirect-uri'],
    grants: values.grant,
    scopes: values.scope,
    resources: values.resource,
    firstParty: values['first-party'] ? true : values['third-party'] ? false : undefined,
    postLogoutRedirectUris: values['post-logout-redirect-uri'],
    requirePkce: values['require-pkce'] ? true : values['default-pkce'] ? false : undefined,
    ...(values['require-acr'] === undefined ? {} : { requireAcr: values['require-acr'] }),
    ...metadataInputOf(values),
    ...backchannelLogoutFlags(values),
  });
  deps.err(`updated client ${client.id}`);
  for (const line of registrationLines(client)) deps.out(line);
  return 0;
}

async function show(args: readonly string[], deps: ClientsCommandDeps): Promise<number> {
  const { values, positionals } = parseArgs({ args: [...args], options: { json: { type: 'boolean' } }, strict: true, allowPositionals: true });
  if (positionals.length !== 1) return usageError(deps, 'show needs exactly one client id');
  const client = await deps.clients.find(positionals[0]);
  if (client === null) throw new ClientNotFoundError(positionals[0]);
  if (values.json) deps.out(JSON.stringify(clientJson(client)));
  else for (const line of registrationLines(client)) deps.out(line);
  return 0;
}

/** A registration as `name: values` lines, lists space-separated (no value holds a space); never a secret: the model has none. */
function registrationLines(client: OAuthClient): string[] {
  const listed = (values: readonly string[]) => (values.length === 0 ? '(none)' : values.join(' '));
  return [
    `id: ${client.id}`,
    `kind: ${client.kind}`,
    `redirect URIs: ${listed(client.redirectUris)}`,
    `grants: ${listed(client.grants)}`,
    `scopes: ${listed(client.scopes)}`,
    `resources: ${listed(client.resources)}`,
    `first party: ${client.firstParty ? 'yes' : 'no'}`,
    `post-logout redirect URIs: ${listed(client.postLogoutRedirectUris)}`,
    `PKCE required: ${client.requirePkce ? 'yes' : 'no'}`,
    ...(client.requireAcr === undefined ? [] : [`required acr: ${client.requireAcr}`]),
    ...metadataLines(client),
    `back-channel logout URI: ${client.backchannelLogoutUri ?? '(none)'}${client.backchannelLogoutSessionRequired === true ? ' (sid required)' : ''}`,
  ];
}

/** The back-channel logout flags given (none given: nothing named, so nothing replaced). */
function backchannelLogoutFlags(values: { 'backchannel-logout-uri'?: string; 'backchannel-logout-session-required'?: boolean }) {
  return {
    ...(values['backchannel-logout-uri'] === undefined ? {} : { backchannelLogoutUri: values['backchannel-logout-uri'] }),
    ...(values['backchannel-logout-session-required'] === undefined ? {} : { backchannelLogoutSessionRequired: values['backchannel-logout-session-required'] }),
  };
}

/** A registration as JSON: the back-channel logout settings always present (null and false when unset). */
function clientJson(client: OAuthClient): Omit<OAuthClient, 'backchannelLogoutUri'> & { backchannelLogoutUri: string | null; backchannelLogoutSessionRequired: boolean } {
  return { ...client, backchannelLogoutUri: client.backchannelLogoutUri ?? null, backchannelLogoutSessionRequired: client.backchannelLogoutSessionRequired === true };
}

async function list(args: readonly string[], deps: ClientsCommandDeps): Promise<number> {
  const { values, positionals } = parseArgs({ args: [...args], options: { json: { type: 'boolean' } }, strict: true, allowPositionals: true });
  if (positionals.length > 0) return usageError(deps, 'list takes no argument');
  const clients = await deps.clients.list();
  if (values.json) {
    deps.out(JSON.stringify(clients.map(clientJson)));
    return 0;
  }
  for (const client of clients) deps.out(`${client.id}\t${client.kind}\t${client.redirectUris.join(' ')}\t${client.grants.join(' ')}`);
  if (clients.length === 0) deps.out('no registered clients');
  return 0;
}

async function remove(args: readonly string[], deps: ClientsCommandDeps): Promise<number> {
  const id = onlyId(args);
  if (id === null) return usageError(deps, 'remove needs exactly one client id');
  const ended = await deps.removeClient.execute({ id });
  deps.err(
    `removed client ${id}: ${ended.families} refresh-token families and ${ended.codes} authorization codes deleted; ` +
      "its access tokens are refused at each instance's next revocation sync",
  );
  return 0;
}

async function rotateSecret(args: readonly string[], deps: ClientsCommandDeps): Promise<number> {
  const id = onlyId(args);
  if (id === null) return usageError(deps, 'rotate-secret needs exactly one client id');
  const { secret } = await deps.rotateClientSecret.execute({ id });
  printSecret(deps, `new secret of client ${id} (shown once, stored only as a hash; the old one is refused from now on):`, secret);
  return 0;
}

/** Under hmac the verification key is the signing secret itself: an OAuth app never receives it. */
export function hmacNotice(client: Pick<OAuthClient, 'id' | 'grants'>): string {
  return (
    `AUTH_SIGN_METHOD=hmac: client ${client.id} may use ${client.grants.join(', ')}, ` +
    'revoke its tokens and call userinfo; it never receives the signing secret (the key endpoints and the revocation ' +
    'feed serve the resource services of AUTH_CLIENTS only), so it cannot verify tokens itself: send them to userinfo, ' +
    'or sign with rsa or ecdsa so that apps can verify with the public key'
  );
}

/** The one positional argument of `remove` and `rotate-secret`; null when there is not exactly one. */
function onlyId(args: readonly string[]): string | null {
  const { positionals } = parseArgs({ args: [...args], options: {}, strict: true, allowPositionals: true });
  return positionals.length === 1 ? positionals[0] : null;
}

/** The notice to stderr, the secret alone as the last line of stdout (scripts take it with `tail -n 1`). */
function printSecret(deps: ClientsCommandDeps, notice: string, secret: string): void {
  deps.err(notice);
  deps.out(secret);
}

function usageError(deps: ClientsCommandDeps, message: string): number {
  deps.err(`clients: ${message}`);
  deps.err(CLIENTS_USAGE);
  return 2;
}
