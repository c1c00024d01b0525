import { expect } from 'chai';
import { ClientSecretGuard } from '../../../../src/application/clients/ClientSecretGuard';
import { ClientUnauthorizedError, DomainError, TooManyKeyRequestsError } from '../../../../src/domain/errors';
import type { ClientRegistry, SecretOwner } from '../../../../src/domain/ports/ClientRegistry';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { registeredClient } from '../../../support/oauthClients';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';

const ADDRESS = '192.0.2.1';
const KNOWN = `known:app:svc@${ADDRESS}`;
/** Whose secret `right` is: a stored client, with the registration read alongside its digest. */
const OWNER: SecretOwner = { registration: registeredClient({ id: 'svc', kind: 'confidential', redirectUris: [] }) };

/** One client `svc` with secret `right`; `hold()` makes the next checks wait in `verify` until `release()`. */
class GatedClientRegistry implements ClientRegistry {
  readonly verified: string[] = [];
  /** How often it was asked whether it is empty: a secret check never needs to. */
  askedIfEmpty = 0;
  private holding = false;
  private readonly held: Array<() => void> = [];

  constructor(private readonly secrets: Record<string, string> = { svc: 'right' }) {}

  async isEmpty(): Promise<boolean> {
    this.askedIfEmpty++;
    return false;
  }

  async verify(appId: string, appSecret: string): Promise<SecretOwner | null> {
    this.verified.push(appSecret);
    if (this.holding) await new Promise<void>((resolve) => this.held.push(resolve));
    return this.secrets[appId] === appSecret ? OWNER : null;
  }

  hold(): void {
    this.holding = true;
  }

  /** How many checks wait in `verify`. */
  get waiting(): number {
    return this.held.length;
  }

  release(): void {
    this.holding = false;
    this.held.splice(0).forEach((resolve) => resolve());
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

/** Lets every promise that can move on do so (several event-loop turns): what is still pending then waits for something else. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Records when a check ends, and how ('ok': it told whose secret it is). */
function tracked(check: Promise<SecretOwner>): { done: () => boolean; outcome: Promise<unknown> } {
  let done = false;
  const outcome = check.then(
    (owner) => (owner === OWNER ? 'ok' : owner),
    (error: unknown) => error,
  );
  void outcome.then(() => (done = true));
  return { done: () => done, outcome };
}

describe('ClientSecretGuard', () => {
  describe('from an address not known for the appId', () => {
    it('counts against the address and the appId before evaluating; the right secret is given back and remembers the address', async () => {
      const limiter = new RecordingAttemptLimiter(10);
      const clients = new GatedClientRegistry();

      expect(await new ClientSecretGuard(clients, limiter).authenticate('svc', 'right', ADDRESS), 'whose secret it is').to.equal(OWNER);

      expect(limiter.events).to.deep.equal([`reserve address:${ADDRESS} app:svc`, 'succeeded', `remember app:svc ${ADDRESS}`]);
      expect(limiter.count('app:svc')).to.equal(0);
      expect(await limiter.knows('app:svc', ADDRESS)).to.equal(true);
    });

    it('leaves a wrong secret counted and remembers nothing', async () => {
      const limiter = new RecordingAttemptLimiter(10);

      const error = await rejection(new ClientSecretGuard(new GatedClientRegistry(), limiter).authenticate('svc', 'wrong', ADDRESS));

      expect(error).to.be.instanceOf(ClientUnauthorizedError);
      expect(limiter.events).to.deep.equal([`reserve address:${ADDRESS} app:svc`, 'failed']);
      expect(limiter.count('app:svc')).to.equal(1);
      expect(await limiter.knows('app:svc', ADDRESS)).to.equal(false);
    });

    it('over a limit refuses the right secret unevaluated, with the Retry-After of the limit, and it stays counted', async () => {
      const limiter = new RecordingAttemptLimiter(0, 17);
      const clients = new GatedClientRegistry();

      const error = await rejection(new ClientSecretGuard(clients, limiter).authenticate('svc', 'right', ADDRESS));

      expect(error).to.be.instanceOf(TooManyKeyRequestsError).with.property('retryAfterSeconds', 17);
      expect(clients.verified, 'not evaluated').to.deep.equal([]);
      expect(limiter.events).to.deep.equal([`reserve address:${ADDRESS} app:svc`]);
      expect(limiter.count(`address:${ADDRESS}`)).to.equal(1);
    });

    it('builds the refusal with the factory it was given', async () => {
      class Throttled extends DomainError {
        readonly code = 'THROTTLED';
        constructor(readonly seconds: number) {
          super('throttled');
        }
      }
      const guard = new ClientSecretGuard(new GatedClientRegistry(), new RecordingAttemptLimiter(0, 5), (seconds) => new Throttled(seconds));

      expect(await rejection(guard.authenticate('svc', 'right', ADDRESS))).to.be.instanceOf(Throttled).with.property('seconds', 5);
    });
  });

  describe('without an address', () => {
    it('counts against the appId alone and remembers nothing', async () => {
      const limiter = new RecordingAttemptLimiter(1, 3);
      const guard = new ClientSecretGuard(new GatedClientRegistry(), limiter);

      expect(await guard.authenticate('svc', 'right', undefined)).to.equal(OWNER);
      expect(await rejection(guard.authenticate('svc', 'wrong', undefined))).to.be.instanceOf(ClientUnauthorizedError);
      expect(await rejection(guard.authenticate('svc', 'right', undefined))).to.be.instanceOf(TooManyKeyRequestsError).with.property('retryAfterSeconds', 3);

      expect(limiter.events).to.deep.equal(['reserve app:svc', 'succeeded', 'reserve app:svc', 'failed', 'reserve app:svc']);
    });
  });

  describe('from a known address', () => {
    async function knownGuard(limit: number, clients = new GatedClientRegistry()): Promise<{ guard: ClientSecretGuard; limiter: RecordingAttemptLimiter; clients: GatedClientRegistry }> {
      const limiter = new RecordingAttemptLimiter(limit, 23);
      await limiter.remember('app:svc', ADDRESS);
      limiter.events.length = 0;
      return { guard: new ClientSecretGuard(clients, limiter), limiter, clients };
    }

    it('evaluates the right secret first and counts nothing for it, however many overlap', async () => {
      const { guard, limiter, clients } = await knownGuard(1);
      clients.hold();
      const checks = Array.from({ length: 5 }, () => guard.authenticate('svc', 'right', ADDRESS));
      await settle();
      expect(clients.waiting, 'all five evaluated at once').to.equal(5);
      clients.release();
      expect(await Promise.all(checks), 'each told whose secret it is').to.deep.equal(Array.from({ length: 5 }, () => OWNER));

      expect(limiter.events, 'nothing reserved, nothing counted').to.deep.equal([]);
      expect(limiter.count(KNOWN)).to.equal(0);
    });

    it('counts a wrong secret, after evaluating it, against its own allowance only', async () => {
      const { guard, limiter, clients } = await knownGuard(2);

      expect(await rejection(guard.authenticate('svc', 'wrong', ADDRESS))).to.be.instanceOf(ClientUnauthorizedError);

      expect(clients.verified).to.deep.equal(['wrong']);
      expect(limiter.events).to.deep.equal([`reserve ${KNOWN}`, 'failed']);
      expect(limiter.count(KNOWN)).to.equal(1);
      expect(limiter.count('app:svc')).to.equal(0);
      // One wrong secret of an allowance of two: the right one still goes through (a second wrong one would use it up).
      await guard.authenticate('svc', 'right', ADDRESS);
    });

    it('once its wrong secrets used up its allowance refuses its wrong secrets, never its right one', async () => {
      const { guard, limiter } = await knownGuard(1);
      expect(await rejection(guard.authenticate('svc', 'wrong1', ADDRESS)), 'within the allowance').to.be.instanceOf(ClientUnauthorizedError);

      const wrong = await rejection(guard.authenticate('svc', 'wrong2', ADDRESS));
      expect(wrong).to.be.instanceOf(TooManyKeyRequestsError).with.property('retryAfterSeconds', 23);
      await guard.authenticate('svc', 'right', ADDRESS);
      expect(limiter.count(KNOWN), 'the right one counted nothing').to.equal(2);
    });

    it('never asks whether any client is registered: an empty registry verifies no secret anyway', async () => {
      const { guard, clients } = await knownGuard(10);
      await guard.authenticate('svc', 'right', ADDRESS);
      await guard.authenticate('svc', 'right', '198.51.100.9');
      await guard.authenticate('svc', 'right', undefined);
      expect(clients.askedIfEmpty).to.equal(0);

      const empty = new ClientSecretGuard(new StaticClientRegistry([]), new RecordingAttemptLimiter(10));
      expect(await rejection(empty.authenticate('svc', 'right', ADDRESS))).to.be.instanceOf(ClientUnauthorizedError);
    });
  });

  describe("a new address's first overlapping requests", () => {
    it('a check refused while one of the same appId and address is under way waits for it, and is served once it proved the address right', async () => {
      const limiter = new RecordingAttemptLimiter(1);
      const clients = new GatedClientRegistry();
      const guard = new ClientSecretGuard(clients, limiter);
      clients.hold();
      const first = tracked(guard.authenticate('svc', 'right', ADDRESS));
      await settle();
      const second = tracked(guard.authenticate('svc', 'right', ADDRESS));
      await settle();

      expect(second.done(), 'waits for the check under way').to.equal(false);
      expect(clients.verified, 'unevaluated while it waits').to.deep.equal(['right']);
      clients.release();

      expect(await first.outcome).to.equal('ok');
      expect(await second.outcome).to.equal('ok');
      expect(limiter.count(`address:${ADDRESS}`), 'its refused reservation was given back').to.equal(0);
      expect(limiter.count('app:svc')).to.equal(0);
      expect(limiter.events.slice(-2)).to.deep.equal([`remember app:svc ${ADDRESS}`, 'succeeded']);
    });

    it('is refused, still counted, when the check under way had a wrong secret', async () => {
      const limiter = new RecordingAttemptLimiter(1, 11);
      const clients = new GatedClientRegistry();
      const guard = new ClientSecretGuard(clients, limiter);
      clients.hold();
      const first = tracked(guard.authenticate('svc', 'wrong', ADDRESS));
      await settle();
      const second = tracked(guard.authenticate('svc', 'right', ADDRESS));
      await settle();
      expect(second.done()).to.equal(false);
      clients.release();

      expect(await first.outcome).to.be.instanceOf(ClientUnauthorizedError);
      expect(await second.outcome).to.be.instanceOf(TooManyKeyRequestsError).with.property('retryAfterSeconds', 11);
      expect(clients.verified).to.deep.equal(['wrong']);
      expect(limiter.count(`address:${ADDRESS}`)).to.equal(2);
    });

    it('waits only for checks of the same appId and address', async () => {
      const limiter = new RecordingAttemptLimiter(1);
      const clients = new GatedClientRegistry({ svc: 'right', other: 'right' });
      const guard = new ClientSecretGuard(clients, limiter);
      clients.hold();
      const elsewhere = tracked(guard.authenticate('svc', 'right', '192.0.2.9'));
      const otherClient = tracked(guard.authenticate('other', 'right', ADDRESS));
      await settle();
      await rejection(guard.authenticate('svc', 'wrong', ADDRESS));

      const refused = await rejection(guard.authenticate('svc', 'right', ADDRESS));

      expect(refused, 'answered while the others are still held').to.be.instanceOf(TooManyKeyRequestsError);
      expect(elsewhere.done() || otherClient.done()).to.equal(false);
      clients.release();
      expect(await elsewhere.outcome).to.equal('ok');
      expect(await otherClient.outcome).to.equal('ok');
    });

    it('refused checks waiting together do not wait for each other', async () => {
      const limiter = new RecordingAttemptLimiter(1);
      const clients = new GatedClientRegistry();
      const guard = new ClientSecretGuard(clients, limiter);
      clients.hold();
      const first = tracked(guard.authenticate('svc', 'right', ADDRESS));
      await settle();
      const waiting = Array.from({ length: 3 }, () => tracked(guard.authenticate('svc', 'right', ADDRESS)));
      await settle();
      clients.release();

      expect(await first.outcome).to.equal('ok');
      expect(await Promise.all(waiting.map((check) => check.outcome))).to.deep.equal(['ok', 'ok', 'ok']);
    });

    it('a later check of the address starts afresh once the earlier ones settled', async () => {
      const limiter = new RecordingAttemptLimiter(1);
      const guard = new ClientSecretGuard(new GatedClientRegistry(), limiter);
      await rejection(guard.authenticate('svc', 'wrong', ADDRESS));
      // Refused with nothing under way: answered at once.
      expect(await rejection(guard.authenticate('svc', 'right', ADDRESS))).to.be.instanceOf(TooManyKeyRequestsError);
      expect(await rejection(guard.authenticate('svc', 'right', ADDRESS))).to.be.instanceOf(TooManyKeyRequestsError);
    });
  });

  describe('begin: requests that present no secret', () => {
    it('a failed one counts against the address, and is refused over its limit', async () => {
      const limiter = new RecordingAttemptLimiter(1, 8);
      const guard = new ClientSecretGuard(new GatedClientRegistry(), limiter);

      await (await guard.begin(ADDRESS)).failed();
      const refused = await rejection((await guard.begin(ADDRESS)).failed());
      await (await guard.begin(ADDRESS)).succeeded();

      expect(refused).to.be.instanceOf(TooManyKeyRequestsError).with.property('retryAfterSeconds', 8);
      expect(limiter.events).to.deep.equal([`reserve address:${ADDRESS}`, 'failed', `reserve address:${ADDRESS}`]);
      expect((await guard.begin(undefined)).address).to.equal(undefined);
      await (await guard.begin(undefined)).failed();
      expect(limiter.events.at(-2)).to.equal('reserve ');
    });
  });
});
