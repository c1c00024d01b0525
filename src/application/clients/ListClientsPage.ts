import { keyedPage, type KeyedPage, type PageRequest } from '../../domain/model/KeyedPage';
import type { OAuthClient } from '../../domain/model/OAuthClient';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';

/** One page of the registered clients, ordered by id (what `clients list` prints, a page at a time; never a secret: the model has none). */
export class ListClientsPage {
  constructor(private readonly clients: Pick<OAuthClientStore, 'listAfter'>) {}

  async execute(input: PageRequest): Promise<KeyedPage<OAuthClient>> {
    return keyedPage(await this.clients.listAfter(input.after ?? null, input.limit + 1), input.limit, (client) => client.id);
  }
}
