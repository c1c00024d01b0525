import { expect } from 'chai';
import { StoreReloadingKeySource, UNKNOWN_KID_RELOAD_COOLDOWN_MS } from '../../../../src/application/keys/StoreReloadingKeySource';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import { FixedClock } from '../../../support/FixedClock';

function pair(kid: string): SigningKeyPair {
  return { kid, method: 'hmac', alg: 'HS256', privateKey: `secret-${kid}`, publicKey: `secret-${kid}`, createdAt: new Date(0) };
}

describe('StoreReloadingKeySource', () => {
  const clock = new FixedClock();
  let ring: KeyRing;
  let reloads: number;
  /** What the shared store holds: the next reload puts it in the ring. */
  let stored: SigningKeyPair;
  let source: StoreReloadingKeySource;

  beforeEach(() => {
    ring = new KeyRing();
    ring.activate(pair('old'));
    stored = pair('old');
    reloads = 0;
    source = new StoreReloadingKeySource(
      ring,
      async () => {
        reloads++;
        ring.activate(stored);
      },
      clock,
    );
  });

  it('answers from the ring without touching the store', async () => {
    expect(source.keyFor('old')?.kid).to.equal('old');
    expect(source.hasAnyKey()).to.equal(true);
    expect(await source.refreshForUnknownKid('old')).to.equal(true);
    expect(reloads).to.equal(0);
  });

  it('reloads the store for a kid another instance promoted, and knows it after', async () => {
    stored = pair('promoted-elsewhere');
    expect(source.keyFor('promoted-elsewhere')).to.equal(undefined);
    expect(await source.refreshForUnknownKid('promoted-elsewhere')).to.equal(true);
    expect(source.keyFor('promoted-elsewhere')?.kid).to.equal('promoted-elsewhere');
    expect(reloads).to.equal(1);
  });

  it('a flood of forged kids costs one reload per cooldown', async () => {
    const answers = await Promise.all(Array.from({ length: 500 }, (_, i) => source.refreshForUnknownKid(`forged-${i}`)));
    expect(answers.every((known) => known === false)).to.equal(true);
    expect(await source.refreshForUnknownKid('forged-again')).to.equal(false);
    expect(reloads).to.equal(1);

    clock.advanceSeconds(UNKNOWN_KID_RELOAD_COOLDOWN_MS / 1000);
    stored = pair('new');
    expect(await source.refreshForUnknownKid('new')).to.equal(true);
    expect(reloads).to.equal(2);
  });

  it('a store that cannot be read is an error, not an unknown key (the caller answers 503, not 401)', async () => {
    const failing = new StoreReloadingKeySource(ring, () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })), clock);
    let thrown: unknown;
    await failing.refreshForUnknownKid('new').catch((error: unknown) => (thrown = error));
    expect((thrown as { code?: string }).code).to.equal('ECONNREFUSED');
  });

  it('requests that arrive while a reload runs wait for it and see the kid it brought, with one reload', async () => {
    // A reload that takes a turn of the event loop, as a store query does.
    const slow = new StoreReloadingKeySource(
      ring,
      async () => {
        reloads++;
        await new Promise((resolve) => setImmediate(resolve));
        ring.activate(pair('promoted-elsewhere'));
      },
      clock,
    );
    const answers = await Promise.all([slow.refreshForUnknownKid('promoted-elsewhere'), slow.refreshForUnknownKid('promoted-elsewhere')]);
    expect(answers).to.deep.equal([true, true]);
    expect(reloads).to.equal(1);
  });

  it('reloads the first time whatever the clock says (no reload yet means no cooldown), even at the epoch', async () => {
    const atEpoch = new StoreReloadingKeySource(
      ring,
      async () => {
        reloads++;
        ring.activate(stored);
      },
      new FixedClock(new Date(0)),
    );
    stored = pair('new');
    expect(await atEpoch.refreshForUnknownKid('new')).to.equal(true);
    expect(reloads).to.equal(1);
  });
});
