import { createHash, timingSafeEqual } from 'node:crypto';
import type { ClientRegistry, SecretOwner } from '../../domain/ports/ClientRegistry';

export interface ClientCredentials {
  readonly appId: string;
  readonly appSecret: string;
}

/** What a matched AUTH_CLIENTS entry is: configured, nothing stored. */
const CONFIGURED: SecretOwner = Object.freeze({ registration: null });

/**
 * Clients from configuration (AUTH_CLIENTS). Secrets are compared as SHA-256
 * digests with timingSafeEqual, so neither content nor length leaks through timing;
 * every registered client is compared so the position of a match leaks nothing either.
 */
export class StaticClientRegistry implements ClientRegistry {
  private readonly clients: ReadonlyArray<{ id: Buffer; secret: Buffer }>;

  constructor(clients: readonly ClientCredentials[]) {
    this.clients = clients.map((client) => ({ id: digest(client.appId), secret: digest(client.appSecret) }));
  }

  async isEmpty(): Promise<boolean> {
    return this.clients.length === 0;
  }

  async verify(appId: string, appSecret: string): Promise<SecretOwner | null> {
    const id = digest(appId);
    const secret = digest(appSecret);
    let matched = false;
    for (const client of this.clients) {
      const idMatches = timingSafeEqual(client.id, id);
      const secretMatches = timingSafeEqual(client.secret, secret);
      matched = (idMatches && secretMatches) || matched;
    }
    return matched ? CONFIGURED : null;
  }
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
