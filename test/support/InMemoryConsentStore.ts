import type { Consent, ConsentStore } from '../../src/domain/ports/ConsentStore';

/** Consents in memory, as the SQL adapter: per user and client, the union of the scopes approved (sorted), a consent for no scope included. */
export class InMemoryConsentStore implements ConsentStore {
  /** JSON `[subject, clientId]` → approved scopes. */
  readonly consents = new Map<string, Set<string>>();
  readonly calls: Array<[string, ...unknown[]]> = [];

  async find(subject: string, clientId: string): Promise<readonly string[] | null> {
    this.calls.push(['find', subject, clientId]);
    const scopes = this.consents.get(key(subject, clientId));
    return scopes === undefined ? null : [...scopes].sort();
  }

  async approve(subject: string, clientId: string, scopes: readonly string[], now: number): Promise<void> {
    this.calls.push(['approve', subject, clientId, scopes, now]);
    const approved = this.consents.get(key(subject, clientId)) ?? new Set<string>();
    for (const scope of scopes) approved.add(scope);
    this.consents.set(key(subject, clientId), approved);
  }

  async listOfSubject(subject: string): Promise<readonly Consent[]> {
    return [...this.consents]
      .filter(([entry]) => parts(entry)[0] === subject)
      .map(([entry, scopes]) => ({ clientId: parts(entry)[1], scopes: [...scopes].sort() }))
      .sort((a, b) => (a.clientId < b.clientId ? -1 : 1));
  }

  async revoke(subject: string, clientId: string): Promise<boolean> {
    return this.consents.delete(key(subject, clientId));
  }

  async revokeSubject(subject: string): Promise<void> {
    for (const entry of [...this.consents.keys()]) if (parts(entry)[0] === subject) this.consents.delete(entry);
  }

  async deleteOfClient(clientId: string): Promise<number> {
    let deleted = 0;
    for (const entry of [...this.consents.keys()]) {
      if (parts(entry)[1] === clientId) {
        this.consents.delete(entry);
        deleted++;
      }
    }
    return deleted;
  }
}

function key(subject: string, clientId: string): string {
  return JSON.stringify([subject, clientId]);
}

function parts(entry: string): [string, string] {
  return JSON.parse(entry) as [string, string];
}
