import { InvalidRequestError } from '../../../domain/errors';
import type { Router } from 'express';
import type { ListClientsPage } from '../../../application/clients/ListClientsPage';
import type { RegisterClient } from '../../../application/clients/RegisterClient';
import type { RemoveClient } from '../../../application/clients/RemoveClient';
import type { RotateClientSecret } from '../../../application/clients/RotateClientSecret';
import type { UpdateClient, UpdateClientInput } from '../../../application/clients/UpdateClient';
import { ClientNotFoundError } from '../../../domain/grantErrors';
import { clientDescription, type ClientDescription } from '../../../domain/model/OAuthClient';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';
import { requireAdminScope } from './adminAccess';
import type { ClientPatchRequest } from './adminRequests';
import { handled, param } from './handled';
import { pageCursor, pageFrom, pageSize } from './pages';
import { checkIfMatch, resourceJson, sendJson, sendResource, strongEtag } from './resources';
import { unchangedOrRefused, validatedBody } from './validatedBody';

export interface ClientAdministration {
  readonly registerClient: Pick<RegisterClient, 'execute'>;
  readonly updateClient: Pick<UpdateClient, 'execute'>;
  readonly removeClient: Pick<RemoveClient, 'execute'>;
  readonly rotateClientSecret: Pick<RotateClientSecret, 'execute'>;
  readonly listClientsPage: Pick<ListClientsPage, 'execute'>;
  /** As the clients command reads one (`show`). */
  readonly clients: Pick<OAuthClientStore, 'find'>;
}

/** `/clients`: the `clients` command's use cases, resource by resource (docs/admin-api.md). */
export function clientsRoutes(router: Router, admin: ClientAdministration, clientsPath: string): void {
  const read = requireAdminScope('clients', false);
  const write = requireAdminScope('clients', true);
  const described = async (id: string): Promise<ClientDescription> => {
    const client = await admin.clients.find(id);
    if (client === null) throw new ClientNotFoundError(id);
    return clientDescription(client);
  };

  router.get('/clients', read, handled(async (req, res) => {
    const [limit, after] = [pageSize(req), pageCursor(req)];
    sendJson(res, pageFrom(await admin.listClientsPage.execute({ after, limit }), clientDescription));
  }));

  router.post('/clients', write, handled(async (req, res) => {
    const body = validatedBody(req, 'NewClientRequest');
    const { client, secret } = await admin.registerClient.execute({
      id: body.id,
      kind: body.kind,
      redirectUris: body.redirectUris ?? [],
      grants: body.grants ?? undefined,
      scopes: body.scopes ?? undefined,
      resources: body.resources ?? undefined,
      firstParty: body.firstParty ?? undefined,
      postLogoutRedirectUris: body.postLogoutRedirectUris ?? undefined,
      requirePkce: body.requirePkce ?? undefined,
      requireDpop: body.requireDpop ?? undefined,
      name: body.name ?? undefined,
      logoUri: body.logoUri ?? undefined,
      policyUri: body.policyUri ?? undefined,
      tosUri: body.tosUri ?? undefined,
      backchannelLogoutUri: body.backchannelLogoutUri ?? undefined,
      backchannelLogoutSessionRequired: body.backchannelLogoutSessionRequired ?? undefined,
      jwks: jwksOf(body.jwks),
      jwksUri: body.jwksUri ?? undefined,
      requirePar: body.requirePar ?? undefined,
      requireAcr: body.requireAcr ?? undefined,
    });
    const resource = clientDescription(client);
    // The one answer that carries the secret (shown once, stored only as a digest); the ETag is the resource's, as GET answers it.
    res
      .status(201)
      .location(`${clientsPath}/${encodeURIComponent(client.id)}`)
      .set({ ETag: strongEtag(resource), 'Cache-Control': 'no-store' })
      .type('application/json')
      .send(resourceJson(secret === null ? resource : { ...resource, secret }));
  }));

  router.get('/clients/:id', read, handled(async (req, res) => {
    sendResource(res, await described(param(req, 'id')));
  }));

  router.patch('/clients/:id', write, handled(async (req, res) => {
    const current = await described(param(req, 'id'));
    checkIfMatch(req, current, true);
    const patch = validatedBody(req, 'ClientPatchRequest');
    unchangedOrRefused(patch as Record<string, unknown>, current as unknown as Record<string, unknown>, ['id', 'kind']);
    const { client } = await admin.updateClient.execute(updateOf(current.id, patch));
    sendResource(res, clientDescription(client));
  }));

  router.delete('/clients/:id', write, handled(async (req, res) => {
    const current = await described(param(req, 'id'));
    checkIfMatch(req, current, false);
    await admin.removeClient.execute({ id: current.id });
    res.status(204).end();
  }));

  router.post('/clients/:id/secret', write, handled(async (req, res) => {
    const id = param(req, 'id');
    const { secret } = await admin.rotateClientSecret.execute({ id });
    sendJson(res, { id, secret });
  }));
}

/**
 * A merge patch (RFC 7396) as `clients update` input: a field left out keeps its value; null clears it (an
 * empty list, false, no name or URI); a list given replaces the list, as the command's repeated flags do.
 */
function updateOf(id: string, patch: ClientPatchRequest): UpdateClientInput {
  const list = (value: string[] | null | undefined) => (value === null ? [] : value);
  const flag = (value: boolean | null | undefined) => (value === null ? false : value);
  const text = (value: string | null | undefined) => (value === null ? '' : value);
  return {
    id,
    redirectUris: list(patch.redirectUris),
    grants: list(patch.grants),
    scopes: list(patch.scopes),
    resources: list(patch.resources),
    firstParty: flag(patch.firstParty),
    postLogoutRedirectUris: list(patch.postLogoutRedirectUris),
    requirePkce: flag(patch.requirePkce),
    requireDpop: flag(patch.requireDpop),
    name: text(patch.name),
    logoUri: text(patch.logoUri),
    policyUri: text(patch.policyUri),
    tosUri: text(patch.tosUri),
    backchannelLogoutUri: text(patch.backchannelLogoutUri),
    backchannelLogoutSessionRequired: flag(patch.backchannelLogoutSessionRequired),
    ...clientKeysOf(patch),
    requirePar: flag(patch.requirePar),
    requireAcr: text(patch.requireAcr),
  };
}

/** The keys of a private_key_jwt client are replaced, never cleared: such a client has no secret to fall back on. */
function clientKeysOf(patch: ClientPatchRequest): { jwks?: unknown; jwksUri?: string } {
  for (const field of ['jwks', 'jwksUri'] as const) {
    if (patch[field] === null) throw new InvalidRequestError(`${field} cannot be cleared: register other keys or another URI instead`, { field });
  }
  return { ...(patch.jwks === undefined ? {} : { jwks: jwksOf(patch.jwks) }), ...(patch.jwksUri === undefined ? {} : { jwksUri: patch.jwksUri }) };
}

/** A JWKS as given, or the list of keys `clients show --json` prints, as a JWKS; the use case checks the keys. */
function jwksOf(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? { keys: value } : value;
}
