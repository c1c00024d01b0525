import type { OAuthClient } from '../../../domain/model/OAuthClient';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';
import { confidentialMatch, type ClientRecord, type ClientRecords } from '../clientSecretMatch';
import type { BoundedProcessCache } from './BoundedProcessCache';

/**
 * The secret check of client authentication (token, introspection,
 * revocation, PAR) on registrations kept in this process's cache, dropped
 * when the store announces a change of the client (StoreChangeInvalidation).
 * Only a match is answered from memory: a secret that does not match the
 * cached digest is checked against the store again, so a new secret works at
 * once everywhere, and only an old one outlives a change, until the change
 * arrives. Unknown ids are not cached (a guess must not fill the memory).
 */
export class CachedClientSecrets implements Pick<OAuthClientStore, 'findConfidential' | 'hasConfidential'> {
  constructor(
    private readonly store: ClientRecords & Pick<OAuthClientStore, 'hasConfidential'>,
    private readonly cache: BoundedProcessCache<ClientRecord | null>,
  ) {}

  async findConfidential(id: string, secret: string): Promise<OAuthClient | null> {
    const key = `client:${id}`;
    const fromMemory = confidentialMatch(this.cache.held(key) ?? null, secret);
    if (fromMemory !== null) return fromMemory;
    const record = await this.cache.load(key, () => this.store.findRecord(id), (found) => found !== null);
    return confidentialMatch(record, secret);
  }

  hasConfidential(): Promise<boolean> {
    return this.store.hasConfidential();
  }
}
