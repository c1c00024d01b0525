import type { ClientRegistry } from '../../domain/ports/ClientRegistry';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';

/**
 * AUTH_CLIENTS first, then the confidential clients in the store
 * (`npm run clients -- add --confidential`): either may authenticate. The
 * static list is always compared in full (constant time); the store is
 * asked only when that found nothing, by id (a client id is no secret).
 */
export class CombinedClientRegistry implements ClientRegistry {
  constructor(
    private readonly configured: ClientRegistry,
    private readonly stored: Pick<OAuthClientStore, 'verifySecret' | 'hasConfidential'>,
  ) {}

  async isEmpty(): Promise<boolean> {
    return (await this.configured.isEmpty()) && !(await this.stored.hasConfidential());
  }

  async verify(appId: string, appSecret: string): Promise<boolean> {
    if (await this.configured.verify(appId, appSecret)) return true;
    return this.stored.verifySecret(appId, appSecret);
  }
}
