import { expect } from 'chai';
import { RemoveClient } from '../../../../src/application/clients/RemoveClient';
import { ClientNotFoundError } from '../../../../src/domain/grantErrors';
import type { OAuthClient } from '../../../../src/domain/model/OAuthClient';
import type { AuthorizationCodeStore } from '../../../../src/domain/ports/AuthorizationCodeStore';
import type { ConsentStore } from '../../../../src/domain/ports/ConsentStore';
import type { OAuthClientStore } from '../../../../src/domain/ports/OAuthClientStore';
import type { RefreshTokenStore } from '../../../../src/domain/ports/RefreshTokenStore';
import type { RevocationStore } from '../../../../src/domain/ports/RevocationStore';
import { FixedClock } from '../../../support/FixedClock';
import { registeredClient } from '../../../support/oauthClients';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

const NOW = '2026-05-01T12:00:00.700Z';
const NOW_SECONDS = Math.floor(Date.parse(NOW) / 1000);
const LIFETIME = 3_660;

/** Every call of the fakes below, in order, in one log. */
type Log = string[];

class LoggingClientStore implements Pick<OAuthClientStore, 'find' | 'remove'> {
  constructor(
    private readonly log: Log,
    readonly clients = new Map<string, OAuthClient>(),
  ) {}

  async find(id: string): Promise<OAuthClient | null> {
    this.log.push(`find ${id}`);
    return this.clients.get(id) ?? null;
  }

  async remove(id: string): Promise<boolean> {
    this.log.push(`remove ${id}`);
    return this.clients.delete(id);
  }
}

class LoggingRevocations implements Pick<RevocationStore, 'revokeClient' | 'purge'> {
  constructor(private readonly log: Log) {}

  async revokeClient(clientId: string, notBefore: number, keepUntil: number): Promise<void> {
    this.log.push(`revokeClient ${clientId} ${notBefore} ${keepUntil}`);
  }

  async purge(now: number): Promise<number> {
    this.log.push(`purge ${now}`);
    return 0;
  }
}

/** Families, codes or consents of each client: `deleteOfClient` deletes and counts them, as the SQL adapters do. */
class LoggingGrants implements Pick<RefreshTokenStore, 'deleteOfClient'>, Pick<AuthorizationCodeStore, 'deleteOfClient'>, Pick<ConsentStore, 'deleteOfClient'> {
  constructor(
    private readonly log: Log,
    private readonly name: string,
    readonly held: Map<string, number>,
  ) {}

  async deleteOfClient(clientId: string): Promise<number> {
    this.log.push(`delete ${this.name} of ${clientId}`);
    const count = this.held.get(clientId) ?? 0;
    this.held.delete(clientId);
    return count;
  }
}

describe('RemoveClient', () => {
  let log: Log;
  let clients: LoggingClientStore;
  let families: LoggingGrants;
  let codes: LoggingGrants;
  let consents: LoggingGrants;
  let removeClient: RemoveClient;

  beforeEach(() => {
    log = [];
    const webapp: OAuthClient = registeredClient({ id: 'webapp', kind: 'confidential', redirectUris: ['https://app.example.com/cb'] });
    const spa: OAuthClient = registeredClient({ id: 'spa', kind: 'public', redirectUris: ['https://spa.example.com/cb'] });
    clients = new LoggingClientStore(log, new Map([[webapp.id, webapp], [spa.id, spa]]));
    families = new LoggingGrants(log, 'families', new Map([['webapp', 3], ['spa', 1]]));
    codes = new LoggingGrants(log, 'codes', new Map([['webapp', 2]]));
    consents = new LoggingGrants(log, 'consents', new Map([['webapp', 5], ['spa', 1]]));
    removeClient = new RemoveClient(clients, new LoggingRevocations(log), families, codes, consents, new FixedClock(NOW), { maxTokenLifetimeSeconds: LIFETIME }, new RecordingAuditTrail());
  });

  it("refuses the client's tokens from the next whole second first, ends its families, codes and consents, deletes it, and sweeps again", async () => {
    const result = await removeClient.execute({ id: 'webapp' });

    const notBefore = NOW_SECONDS + 1;
    expect(log).to.deep.equal([
      'find webapp',
      // First: should anything after fail, every token issued to it so far is refused all the same.
      `revokeClient webapp ${notBefore} ${notBefore + LIFETIME}`,
      'delete families of webapp',
      'delete codes of webapp',
      'delete consents of webapp',
      'remove webapp',
      // Again once it is gone: a grant a request minted while it was still registered ends too.
      'delete families of webapp',
      'delete codes of webapp',
      'delete consents of webapp',
      `purge ${NOW_SECONDS}`,
    ]);
    expect(result).to.deep.equal({ families: 3, codes: 2 });
    expect([...clients.clients.keys()]).to.deep.equal(['spa']);
    expect([...families.held.keys()]).to.deep.equal(['spa']);
    expect([...consents.held.keys()]).to.deep.equal(['spa']);
  });

  it('counts the grants the second sweep finds too', async () => {
    const remove = clients.remove.bind(clients);
    clients.remove = async (id) => {
      // A token request that authenticated the client before this removal starts a family meanwhile.
      families.held.set(id, 1);
      codes.held.set(id, 4);
      return remove(id);
    };

    expect(await removeClient.execute({ id: 'webapp' })).to.deep.equal({ families: 4, codes: 6 });
    expect(families.held.has('webapp')).to.equal(false);
    expect(codes.held.has('webapp')).to.equal(false);
  });

  it('refuses an id no stored client has, and writes nothing', async () => {
    const error = await removeClient.execute({ id: 'nobody' }).catch((caught: unknown) => caught);

    expect(error).to.be.instanceOf(ClientNotFoundError).with.property('code', 'CLIENT_NOT_FOUND');
    expect((error as Error).message).to.equal('no client "nobody"');
    expect(log).to.deep.equal(['find nobody']);
  });

  it('finishes when the client was removed by someone else in between (its grants are ended all the same)', async () => {
    clients.remove = async (id) => {
      log.push(`remove ${id}`);
      return false;
    };

    expect(await removeClient.execute({ id: 'webapp' })).to.deep.equal({ families: 3, codes: 2 });
    expect(log.filter((line) => line.startsWith('delete'))).to.have.length(6);
  });
});
