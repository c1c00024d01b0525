import type { ClientRegistry, SecretOwner } from '../../domain/ports/ClientRegistry';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';

/**
 * AUTH_CLIENTS first, then the confidential clients in the store
 * (`npm run clients -- add --confidential`): either may authenticate. The
 * static list is always compared in full (constant time); the store is
 * asked only when that found nothing, by id (a client id is no secret), in
 * one query that returns the registration with the digest it was checked against.
 */
export class CombinedClientRegistry implements ClientRegistry {
  /**
   * The store's last answer to "is any confidential client stored?": a
   * fallback while the store is unreachable, so the open key endpoint keeps
   * serving the (public) key from memory as it did before stored clients.
   */
  private lastKnownHasConfidential: boolean | null = null;

  constructor(
    private readonly configured: ClientRegistry,
    private readonly stored: Pick<OAuthClientStore, 'findConfidential' | 'hasConfidential'>,
  ) {}

  async isEmpty(): Promise<boolean> {
    if (!(await this.configured.isEmpty())) return false;
    return !(await this.hasConfidential());
  }

  private async hasConfidential(): Promise<boolean> {
    try {
      this.lastKnownHasConfidential = await this.stored.hasConfidential();
    } catch (error) {
      if (this.lastKnownHasConfidential === null) throw error;
    }
    return this.lastKnownHasConfidential;
  }

  async verify(appId: string, appSecret: string): Promise<SecretOwner | null> {
    const configured = await this.configured.verify(appId, appSecret);
    if (configured !== null) return configured;
    const registration = await this.stored.findConfidential(appId, appSecret);
    return registration === null ? null : { registration };
  }
}
