import type { PushedAuthorizationRequest } from '../../src/domain/model/PushedAuthorizationRequest';
import type { PushedRequestStore } from '../../src/domain/ports/PushedRequestStore';

/** Pushed authorization requests in memory, as the SQL adapter: taken once, by their own client only. */
export class InMemoryPushedRequestStore implements PushedRequestStore {
  readonly requests = new Map<string, PushedAuthorizationRequest>();
  purgedAt: number[] = [];
  /** Every take asked, by client. */
  readonly takes: string[] = [];

  async add(request: PushedAuthorizationRequest): Promise<void> {
    this.requests.set(request.requestUri, request);
  }

  async take(requestUri: string, clientId: string): Promise<PushedAuthorizationRequest | null> {
    this.takes.push(clientId);
    const request = this.requests.get(requestUri);
    if (request === undefined || request.clientId !== clientId) return null;
    this.requests.delete(requestUri);
    return request;
  }

  async purge(now: number): Promise<number> {
    this.purgedAt.push(now);
    const expired = [...this.requests.values()].filter((request) => request.expiresAt <= now);
    for (const request of expired) this.requests.delete(request.requestUri);
    return expired.length;
  }
}
