import { expect } from 'chai';
import { DeliverBackchannelLogouts, type DeliveryOutcome } from '../../../../src/application/logout/DeliverBackchannelLogouts';
import type { LogoutTokenRequest } from '../../../../src/application/tokens/LogoutTokenIssuer';
import type { LogoutTokenSender } from '../../../../src/domain/ports/LogoutTokenSender';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryBackchannelDeliveryStore } from '../../../support/InMemoryBackchannelDeliveryStore';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { registeredClient } from '../../../support/oauthClients';

const NOW = 1767225600; // the FixedClock's start
const POLICY = { batch: 2, leaseSeconds: 60, retryDelaysSeconds: [10, 30] };
const WEB = registeredClient({ id: 'web', kind: 'confidential', redirectUris: ['https://web.example/cb'], backchannelLogoutUri: 'https://web.example/bcl' });
const DEAF = registeredClient({ id: 'deaf', kind: 'confidential', redirectUris: ['https://deaf.example/cb'] });
const delivery = (id: string, extra: object = {}) => ({ id, clientId: 'web', subject: '7', sid: 's-1', attempts: 0, dueAt: NOW, ...extra });

/** Answers each send from a script: null (delivered) or a failure; remembers what was sent where. */
class ScriptedSender implements LogoutTokenSender {
  readonly sent: Array<[string, string]> = [];
  constructor(private readonly answers: Array<string | null> = []) {}
  async send(uri: string, token: string): Promise<string | null> {
    this.sent.push([uri, token]);
    return this.answers.shift() ?? null;
  }
}

describe('DeliverBackchannelLogouts: one round of the worker', () => {
  let queue: InMemoryBackchannelDeliveryStore;
  let clock: FixedClock;
  let outcomes: DeliveryOutcome[];
  let issued: LogoutTokenRequest[];
  let tokenOf: (request: LogoutTokenRequest) => string | null;

  beforeEach(() => {
    queue = new InMemoryBackchannelDeliveryStore();
    clock = new FixedClock();
    outcomes = [];
    issued = [];
    tokenOf = (request) => `token-for-${request.clientId}-${request.sid ?? 'none'}`;
  });

  const worker = (sender: LogoutTokenSender) =>
    new DeliverBackchannelLogouts(
      queue,
      new InMemoryOAuthClientStore([{ client: WEB }, { client: DEAF }]),
      {
        issue: async (request) => {
          issued.push(request);
          return tokenOf(request);
        },
      },
      sender,
      clock,
      POLICY,
      (outcome) => outcomes.push(outcome),
    );

  it('sends a due delivery a fresh token for its client, session and user, then removes it', async () => {
    await queue.enqueue([delivery('d1')]);
    const sender = new ScriptedSender();
    await worker(sender).execute();
    expect(sender.sent).to.deep.equal([['https://web.example/bcl', 'token-for-web-s-1']]);
    expect(issued).to.deep.include({ clientId: 'web', subject: '7', sid: 's-1', attempts: 0, dueAt: NOW, id: 'd1' });
    expect(queue.rows.size).to.equal(0);
    expect(outcomes).to.deep.equal([{ outcome: 'delivered', clientId: 'web', attempts: 1 }]);
  });

  it('leaves what is not yet due, and takes at most a batch a round, earliest first', async () => {
    await queue.enqueue([delivery('later', { dueAt: NOW + 1 }), delivery('d2', { dueAt: NOW - 1 }), delivery('d1', { dueAt: NOW - 2 }), delivery('d3')]);
    const sender = new ScriptedSender();
    await worker(sender).execute();
    expect(sender.sent).to.have.length(2);
    expect([...queue.rows.keys()].sort()).to.deep.equal(['d3', 'later']);
    await worker(sender).execute();
    expect([...queue.rows.keys()]).to.deep.equal(['later']);
    clock.advanceSeconds(1);
    await worker(sender).execute();
    expect(queue.rows.size).to.equal(0);
  });

  it('a failed attempt is due again after the next delay, from any instance; the last one gives it up', async () => {
    await queue.enqueue([delivery('d1')]);
    const sender = new ScriptedSender(['HTTP 503', 'request failed: ECONNREFUSED', 'HTTP 500']);
    await worker(sender).execute();
    expect(queue.rows.get('d1')).to.include({ attempts: 1, dueAt: NOW + 10 });
    expect(outcomes.at(-1)).to.deep.equal({ outcome: 'retry', clientId: 'web', attempts: 1, reason: 'HTTP 503' });
    clock.advanceSeconds(9);
    await worker(sender).execute();
    expect(sender.sent, 'not due before its delay').to.have.length(1);
    clock.advanceSeconds(1);
    await worker(sender).execute();
    expect(queue.rows.get('d1')).to.include({ attempts: 2, dueAt: NOW + 10 + 30 });
    clock.advanceSeconds(30);
    await worker(sender).execute();
    expect(queue.rows.size).to.equal(0);
    expect(outcomes.at(-1)).to.deep.equal({ outcome: 'gaveUp', clientId: 'web', attempts: 3, reason: 'HTTP 500' });
  });

  it('a claimed delivery is the claimant\'s for the lease: another instance does not send it, and takes it over after the lease', async () => {
    await queue.enqueue([delivery('d1')]);
    const read = await queue.due(NOW, 10);
    expect(await queue.claim(read[0], NOW + 60)).to.equal(true);
    expect(await queue.claim(read[0], NOW + 60), 'the same row as read, claimed twice').to.equal(false);
    const sender = new ScriptedSender();
    await worker(sender).execute();
    expect(sender.sent).to.have.length(0);
    clock.advanceSeconds(60);
    await worker(sender).execute();
    expect(sender.sent).to.have.length(1);
    expect(outcomes).to.deep.equal([{ outcome: 'delivered', clientId: 'web', attempts: 2 }]);
  });

  it('while it is being sent a delivery is leased: due again only after the lease, should this sender die', async () => {
    await queue.enqueue([delivery('d1')]);
    const dueWhileSent: Array<number | undefined> = [];
    await worker({
      send: async () => {
        dueWhileSent.push(queue.rows.get('d1')?.dueAt);
        return null;
      },
    }).execute();
    expect(dueWhileSent).to.deep.equal([NOW + 60]);
  });

  it('two workers in one round: each delivery sent once', async () => {
    await queue.enqueue([delivery('d1'), delivery('d2')]);
    const sender = new ScriptedSender();
    await Promise.all([worker(sender).execute(), worker(sender).execute()]);
    expect(sender.sent).to.have.length(2);
  });

  it('drops a delivery whose client takes no logout tokens (or is gone), or when no token can be signed', async () => {
    await queue.enqueue([delivery('deaf', { clientId: 'deaf' }), delivery('gone', { clientId: 'gone' })]);
    const sender = new ScriptedSender();
    await worker(sender).execute();
    expect(sender.sent).to.have.length(0);
    expect(queue.rows.size).to.equal(0);
    expect(outcomes).to.deep.equal([
      { outcome: 'dropped', clientId: 'deaf', attempts: 1, reason: 'client takes no logout tokens' },
      { outcome: 'dropped', clientId: 'gone', attempts: 1, reason: 'client takes no logout tokens' },
    ]);
    tokenOf = () => null;
    await queue.enqueue([delivery('d1')]);
    await worker(sender).execute();
    expect(sender.sent).to.have.length(0);
    expect(outcomes.at(-1)).to.deep.equal({ outcome: 'dropped', clientId: 'web', attempts: 1, reason: 'no asymmetric signing key' });
  });
});
