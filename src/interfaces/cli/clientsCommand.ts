import { parseArgs } from 'node:util';
import { DomainError } from '../../domain/errors';
import type { RegisterClient } from '../../application/clients/RegisterClient';
import type { RemoveClient } from '../../application/clients/RemoveClient';
import type { RotateClientSecret } from '../../application/clients/RotateClientSecret';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { SignMethod } from '@auth-service/client';

export interface ClientsCommandDeps {
  readonly registerClient: Pick<RegisterClient, 'execute'>;
  readonly removeClient: Pick<RemoveClient, 'execute'>;
  readonly rotateClientSecret: Pick<RotateClientSecret, 'execute'>;
  readonly clients: Pick<OAuthClientStore, 'list'>;
  /** The service's AUTH_SIGN_METHOD: under hmac a confidential client is told what it can and cannot do. */
  readonly signMethod: SignMethod;
  /** Results (a secret, the list): a printed secret is the last line, alone, so scripts can take it with `tail -n 1`. */
  readonly out: (line: string) => void;
  /** Notices and errors, for the person at the terminal. */
  readonly err: (line: string) => void;
}

export const CLIENTS_USAGE = `Usage: npm run clients -- <command>

  add --id ID --redirect-uri URI [--redirect-uri URI …] (--public | --confidential)
                      register a client of the authorization code flow; a confidential
                      client's secret is printed once, as the last line of standard output
  list [--json]       every registered client with its kind and redirect URIs (no secrets)
  remove ID           delete a client and end its grants: its refresh tokens and authorization
                      codes at once, its access tokens at each instance's next revocation sync
                      and each client service's next feed read; adding the id again revives none
  rotate-secret ID    give a confidential client a new secret, printed once as the last line of
                      standard output; the old one is refused at once

Clients of AUTH_CLIENTS are configured, not stored, and not listed here.
Notices go to standard error. The database is AUTH_DATABASE_URL's (default
sqlite:data/auth.sqlite); migrations run first.`;

/** Exit codes: 0 done, 1 refused (id taken, unknown id, invalid value), 2 usage error. */
export async function runClientsCommand(argv: readonly string[], deps: ClientsCommandDeps): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'add':
        return await add(rest, deps);
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

async function add(args: readonly string[], deps: ClientsCommandDeps): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      id: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      public: { type: 'boolean' },
      confidential: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) return usageError(deps, `unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.id === undefined || !values['redirect-uri']?.length) return usageError(deps, 'add needs --id and at least one --redirect-uri');
  if (Boolean(values.public) === Boolean(values.confidential)) return usageError(deps, 'add needs exactly one of --public and --confidential');
  const kind = values.public ? 'public' : 'confidential';
  const { client, secret } = await deps.registerClient.execute({ id: values.id, kind, redirectUris: values['redirect-uri'] });
  deps.err(`added ${kind} client ${client.id} (${client.redirectUris.length} redirect URI${client.redirectUris.length === 1 ? '' : 's'})`);
  if (kind === 'confidential' && deps.signMethod === 'hmac') deps.err(hmacNotice(client.id));
  if (secret !== null) printSecret(deps, 'client secret (shown once, stored only as a hash):', secret);
  return 0;
}

async function list(args: readonly string[], deps: ClientsCommandDeps): Promise<number> {
  const { values, positionals } = parseArgs({ args: [...args], options: { json: { type: 'boolean' } }, strict: true, allowPositionals: true });
  if (positionals.length > 0) return usageError(deps, 'list takes no argument');
  const clients = await deps.clients.list();
  if (values.json) {
    deps.out(JSON.stringify(clients));
    return 0;
  }
  for (const client of clients) deps.out(`${client.id}\t${client.kind}\t${client.redirectUris.join(' ')}`);
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
export function hmacNotice(id: string): string {
  return (
    `AUTH_SIGN_METHOD=hmac: client ${id} may sign users in (authorization code, refresh), use client_credentials, ` +
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
