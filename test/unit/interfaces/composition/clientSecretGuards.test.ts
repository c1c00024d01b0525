import { expect } from 'chai';
import type { Container } from 'inversify';
import type { AuthenticateClient } from '../../../../src/application/clients/AuthenticateClient';
import type { GetPublicKey } from '../../../../src/application/keys/GetPublicKey';
import type { GetVerificationKeys } from '../../../../src/application/keys/GetVerificationKeys';
import type { GetRevocationFeed } from '../../../../src/application/revocation/GetRevocationFeed';
import { ClientUnauthorizedError } from '../../../../src/domain/errors';
import type { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { ClientRegistry, SecretOwner } from '../../../../src/domain/ports/ClientRegistry';
import { loadAuthServerConfig } from '../../../../src/infrastructure/config/AuthServerConfig';
import { TYPES } from '../../../../src/interfaces/composition/types';
import { wireAuthServer } from '../../../../src/interfaces/composition/wireAuthServer';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { registeredClient } from '../../../support/oauthClients';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';

const ADDRESS = '192.0.2.1';
/** Whose secret `right` is: a stored client read with its registration, so the token endpoint needs no store after the check. */
const OWNER: SecretOwner = { registration: registeredClient({ id: 'svc', kind: 'confidential', redirectUris: [] }) };

/** One client `svc` with secret `right`, whose checks wait in `verify` until `release()`. */
class HeldClientRegistry implements ClientRegistry {
  private holding = true;
  private readonly held: Array<() => void> = [];

  async isEmpty(): Promise<boolean> {
    return false;
  }

  async verify(appId: string, appSecret: string): Promise<SecretOwner | null> {
    if (this.holding) await new Promise<void>((resolve) => this.held.push(resolve));
    return appId === 'svc' && appSecret === 'right' ? OWNER : null;
  }

  release(): void {
    this.holding = false;
    this.held.splice(0).forEach((resolve) => resolve());
  }
}

/** Lets every promise that can move on do so: what is still pending then waits for something else. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Records when a call ends, and how ('ok' when it answered). */
function tracked(call: Promise<unknown>): { done: () => boolean; outcome: Promise<unknown> } {
  let done = false;
  const outcome = call.then(
    () => 'ok',
    (error: unknown) => error,
  );
  void outcome.then(() => (done = true));
  return { done: () => done, outcome };
}

/**
 * A guard keeps the checks under way in this process: a new address's check
 * refused over the limit waits for them, and is served once one proved the
 * address right. That holds across endpoints only if they share the guard:
 * with one each, the second endpoint's check would be refused at once.
 */
describe('composition: one client secret guard per registry, shared by its endpoints, and one set of checks under way', () => {
  let container: Container;
  let clients: HeldClientRegistry;

  beforeEach(() => {
    clients = new HeldClientRegistry();
    container = wireAuthServer(loadAuthServerConfig({}), {
      configure: (wired) => {
        // One attempt per address and client: every check after the first is refused unless it waits.
        wired.rebind(TYPES.KeyEndpointAttemptLimiter).toConstantValue(new RecordingAttemptLimiter(1));
        wired.rebind(TYPES.RevocationStore).toConstantValue(new InMemoryRevocationStore());
        wired.rebind(TYPES.Clock).toConstantValue(new FixedClock());
      },
    });
    container.get<KeyRing>(TYPES.KeyRing).activate({ kid: 'k', method: 'rsa', alg: 'RS256', privateKey: 'private', publicKey: 'public', createdAt: new Date(0) });
  });

  it('the key endpoint, the key list and the revocation feed: a check at one waits for the check under way at another', async () => {
    container.rebind(TYPES.ResourceServices).toConstantValue(clients);
    const credentials = { appId: 'svc', appSecret: 'right', address: ADDRESS };
    const first = tracked(container.get<GetPublicKey>(TYPES.GetPublicKey).execute(credentials));
    await settle();
    const keys = tracked(container.get<GetVerificationKeys>(TYPES.GetVerificationKeys).execute(credentials));
    const feed = tracked(container.get<GetRevocationFeed>(TYPES.GetRevocationFeed).execute(credentials));
    await settle();

    expect(keys.done() || feed.done(), 'they wait for the check under way at the key endpoint').to.equal(false);
    clients.release();

    expect(await Promise.all([first.outcome, keys.outcome, feed.outcome])).to.deep.equal(['ok', 'ok', 'ok']);
  });

  it('the token endpoint and the revocation endpoint (both authenticate through AuthenticateClient): a check at one waits for the check under way at the other', async () => {
    container.rebind(TYPES.ClientRegistry).toConstantValue(clients);
    const first = tracked(
      container.get<AuthenticateClient>(TYPES.AuthenticateClient).execute({ client: { clientId: 'svc', clientSecret: 'right' }, address: ADDRESS }),
    );
    await settle();
    // A wrong secret: once the address is proved right it is a known address's mistake, not a guess refused by the shared counts.
    const revocation = tracked(
      container.get<AuthenticateClient>(TYPES.AuthenticateClient).execute({ client: { clientId: 'svc', clientSecret: 'wrong' }, address: ADDRESS }),
    );
    await settle();

    expect(revocation.done(), 'waits for the check under way at the token endpoint').to.equal(false);
    clients.release();

    expect(await first.outcome).to.equal('ok');
    expect(await revocation.outcome).to.be.instanceOf(ClientUnauthorizedError);
  });

  it('across the two registries: a check at the token endpoint waits for the check under way at the key endpoint', async () => {
    container.rebind(TYPES.ResourceServices).toConstantValue(clients);
    container.rebind(TYPES.ClientRegistry).toConstantValue(clients);
    const first = tracked(container.get<GetPublicKey>(TYPES.GetPublicKey).execute({ appId: 'svc', appSecret: 'right', address: ADDRESS }));
    await settle();
    const token = tracked(
      container.get<AuthenticateClient>(TYPES.AuthenticateClient).execute({ client: { clientId: 'svc', clientSecret: 'right' }, address: ADDRESS }),
    );
    await settle();

    expect(token.done(), 'waits for the key endpoint’s check').to.equal(false);
    clients.release();

    expect(await Promise.all([first.outcome, token.outcome])).to.deep.equal(['ok', 'ok']);
  });
});
