import { expect } from 'chai';
import { RotateClientSecret } from '../../../../src/application/clients/RotateClientSecret';
import { InvalidRequestError } from '../../../../src/domain/errors';
import { ClientNotFoundError } from '../../../../src/domain/grantErrors';
import type { OAuthClient } from '../../../../src/domain/model/OAuthClient';
import type { OAuthClientStore } from '../../../../src/domain/ports/OAuthClientStore';
import type { SecretGenerator } from '../../../../src/domain/ports/SecretGenerator';
import { registeredClient } from '../../../support/oauthClients';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

/** Clients with their secrets in clear (the SQL adapter keeps digests); `replaceSecret` as the adapter: confidential clients only. */
class SecretHoldingClientStore implements Pick<OAuthClientStore, 'find' | 'replaceSecret' | 'findConfidential'> {
  readonly secrets = new Map<string, string>();
  readonly clients = new Map<string, OAuthClient>();
  /** Set by a test: the client is removed between the use case's read and its write. */
  removeBeforeReplace = false;

  async find(id: string): Promise<OAuthClient | null> {
    return this.clients.get(id) ?? null;
  }

  async replaceSecret(id: string, secret: string): Promise<boolean> {
    if (this.removeBeforeReplace) this.clients.delete(id);
    if (this.clients.get(id)?.kind !== 'confidential') return false;
    this.secrets.set(id, secret);
    return true;
  }

  async findConfidential(id: string, secret: string): Promise<OAuthClient | null> {
    const client = this.clients.get(id);
    return client?.kind === 'confidential' && this.secrets.get(id) === secret ? client : null;
  }
}

class CountingSecrets implements SecretGenerator {
  count = 0;

  next(): string {
    this.count++;
    return `new-secret-${this.count}`;
  }
}

describe('RotateClientSecret', () => {
  let store: SecretHoldingClientStore;
  let secrets: CountingSecrets;
  let rotate: RotateClientSecret;

  beforeEach(() => {
    store = new SecretHoldingClientStore();
    store.clients.set('webapp', registeredClient({ id: 'webapp', kind: 'confidential', redirectUris: ['https://app.example.com/cb'] }));
    store.clients.set('spa', registeredClient({ id: 'spa', kind: 'public', redirectUris: ['https://spa.example.com/cb'] }));
    store.secrets.set('webapp', 'old-secret');
    secrets = new CountingSecrets();
    rotate = new RotateClientSecret(store, secrets, new RecordingAuditTrail());
  });

  it('gives a confidential client a newly generated secret and returns it; the old one no longer verifies', async () => {
    expect(await rotate.execute({ id: 'webapp' })).to.deep.equal({ secret: 'new-secret-1' });
    expect(await store.findConfidential('webapp', 'new-secret-1')).to.include({ id: 'webapp' });
    expect(await store.findConfidential('webapp', 'old-secret')).to.equal(null);
  });

  it('refuses an unknown id without generating a secret', async () => {
    const error = await rotate.execute({ id: 'nobody' }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(ClientNotFoundError).with.property('code', 'CLIENT_NOT_FOUND');
    expect(secrets.count).to.equal(0);
  });

  it('refuses a public client: it has no secret to rotate', async () => {
    const error = await rotate.execute({ id: 'spa' }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(InvalidRequestError).with.property('message', 'client "spa" is public: it has no secret');
    expect(secrets.count).to.equal(0);
  });

  it('refuses when the client is removed before the new secret is written (no secret is returned for nothing)', async () => {
    store.removeBeforeReplace = true;
    const error = await rotate.execute({ id: 'webapp' }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(ClientNotFoundError);
  });
});
