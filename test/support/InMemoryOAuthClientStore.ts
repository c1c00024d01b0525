import { ClientIdTakenError } from '../../src/domain/grantErrors';
import type { OAuthClient } from '../../src/domain/model/OAuthClient';
import type { OAuthClientStore } from '../../src/domain/ports/OAuthClientStore';

/**
 * Registered OAuth clients in memory, as the SQL adapter: unique ids, a secret
 * only for a confidential client. Asked for a client by something other than
 * an id string it throws: TypeORM's `findOneBy({ clientId: undefined })`
 * answers the first row, so no caller may ever ask that.
 */
export class InMemoryOAuthClientStore implements OAuthClientStore {
  readonly clients = new Map<string, { client: OAuthClient; secret: string | null }>();

  constructor(clients: ReadonlyArray<{ client: OAuthClient; secret?: string | null }> = []) {
    for (const { client, secret } of clients) this.clients.set(client.id, { client, secret: secret ?? null });
  }

  async add(client: OAuthClient, secret: string | null): Promise<void> {
    if (this.clients.has(client.id)) throw new ClientIdTakenError(client.id);
    this.clients.set(client.id, { client, secret });
  }

  async find(id: string): Promise<OAuthClient | null> {
    if (typeof id !== 'string') throw new TypeError(`find(${String(id)}): the port takes a client id string`);
    return this.clients.get(id)?.client ?? null;
  }

  async list(): Promise<OAuthClient[]> {
    return [...this.clients.values()].map((entry) => entry.client).sort((a, b) => a.id.localeCompare(b.id));
  }

  async update(client: OAuthClient): Promise<boolean> {
    const entry = this.clients.get(client.id);
    if (entry === undefined) return false;
    // As the SQL adapter: the lists change, the kind and the secret never do.
    const { redirectUris, grants, scopes, resources, firstParty, postLogoutRedirectUris, requirePkce, backchannelLogoutUri, backchannelLogoutSessionRequired } = client;
    const { name, logoUri, policyUri, tosUri } = client;
    // The back-channel logout settings are replaced whole: absent in the update, absent after it.
    const { backchannelLogoutUri: _uri, backchannelLogoutSessionRequired: _required, requireAcr: _acr, ...kept } = entry.client;
    const backchannel = {
      ...(backchannelLogoutUri === undefined ? {} : { backchannelLogoutUri }),
      ...(backchannelLogoutSessionRequired === undefined ? {} : { backchannelLogoutSessionRequired }),
    };
    const lists = { redirectUris, grants, scopes, resources, firstParty, postLogoutRedirectUris, requirePkce };
    const level = client.requireAcr === undefined ? {} : { requireAcr: client.requireAcr };
    this.clients.set(client.id, { client: { ...kept, ...lists, name, logoUri, policyUri, tosUri, ...backchannel, ...level }, secret: entry.secret });
    return true;
  }

  async remove(id: string): Promise<boolean> {
    return this.clients.delete(id);
  }

  async replaceSecret(id: string, secret: string): Promise<boolean> {
    const entry = this.clients.get(id);
    if (entry === undefined || entry.client.kind !== 'confidential') return false;
    this.clients.set(id, { client: entry.client, secret });
    return true;
  }

  async findConfidential(id: string, secret: string): Promise<OAuthClient | null> {
    const entry = this.clients.get(id);
    return entry !== undefined && entry.client.kind === 'confidential' && entry.secret === secret ? entry.client : null;
  }

  async hasConfidential(): Promise<boolean> {
    return [...this.clients.values()].some((entry) => entry.client.kind === 'confidential');
  }
}
