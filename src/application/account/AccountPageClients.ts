import { ACCOUNT_PAGE_CLIENT_ID, accountPageClient } from '../../domain/model/AccountPageClient';
import type { OAuthClient } from '../../domain/model/OAuthClient';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';

/**
 * The registered clients as the authorization endpoint and its interaction
 * pages look them up, with the account page's own client beside them (built
 * from the issuer of the moment). The token endpoint never sees it, so no
 * code issued to it becomes a token.
 */
export class AccountPageClients implements Pick<OAuthClientStore, 'find'> {
  constructor(
    private readonly registered: Pick<OAuthClientStore, 'find'>,
    private readonly issuer: () => string,
  ) {}

  find(clientId: string): Promise<OAuthClient | null> {
    if (clientId === ACCOUNT_PAGE_CLIENT_ID) return Promise.resolve(accountPageClient(this.issuer()));
    return this.registered.find(clientId);
  }
}
