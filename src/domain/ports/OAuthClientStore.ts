import type { OAuthClient } from '../model/OAuthClient';

/**
 * Registered OAuth clients in the shared store, beside the users. A
 * confidential client's secret is passed in clear once and kept only as a digest.
 */
export interface OAuthClientStore {
  /** Throws ClientIdTakenError when the id exists. `secret` is null for a public client. */
  add(client: OAuthClient, secret: string | null): Promise<void>;
  find(id: string): Promise<OAuthClient | null>;
  /** Every client, ordered by id. */
  list(): Promise<OAuthClient[]>;
  /** At most `limit` clients after the id `after` (null: from the first), in the order of `list`: one page of it. */
  listAfter(after: string | null, limit: number): Promise<OAuthClient[]>;
  /** Replaces the redirect URIs, grants, scopes and resources of the client with `client.id` (never its kind or secret). False when no such client exists. */
  update(client: OAuthClient): Promise<boolean>;
  /** False when no such client exists. */
  remove(id: string): Promise<boolean>;
  /** Gives a confidential client a new secret (passed in clear, kept as a digest); the old one is refused from then on. False when no confidential client has this id. */
  replaceSecret(id: string, secret: string): Promise<boolean>;
  /**
   * The confidential client `id` when `secret` is its secret (compared in
   * constant time), read in the same query as the digest; null otherwise.
   */
  findConfidential(id: string, secret: string): Promise<OAuthClient | null>;
  /** True when at least one confidential client is stored (the key endpoint then answers registered clients only). */
  hasConfidential(): Promise<boolean>;
}
