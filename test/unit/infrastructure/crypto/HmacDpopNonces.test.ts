import { expect } from 'chai';
import { DPOP_NONCE_WINDOW_SECONDS, HmacDpopNonces } from '../../../../src/infrastructure/crypto/HmacDpopNonces';
import { FixedClock } from '../../../support/FixedClock';

describe('HmacDpopNonces', () => {
  const nonces = (clock: FixedClock, key = 'shared-key') => {
    const made = new HmacDpopNonces(clock);
    made.useKey(key);
    return made;
  };

  it('issues one nonce per window that every instance with the shared key accepts', () => {
    const clock = new FixedClock();
    const nonce = nonces(clock).current();
    expect(nonces(clock).current()).to.equal(nonce);
    expect(nonces(clock).accepts(nonce)).to.equal(true);
    expect(nonces(clock, 'other-key').accepts(nonce)).to.equal(false);
  });

  it('accepts a nonce in its window and the next, then no more', () => {
    const clock = new FixedClock('2026-01-01T00:00:00Z');
    const nonce = nonces(clock).current();
    clock.advanceSeconds(DPOP_NONCE_WINDOW_SECONDS);
    expect(nonces(clock).current()).to.not.equal(nonce);
    expect(nonces(clock).accepts(nonce)).to.equal(true);
    clock.advanceSeconds(DPOP_NONCE_WINDOW_SECONDS);
    expect(nonces(clock).accepts(nonce)).to.equal(false);
  });

  it('refuses a nonce from the future, a forged or truncated one, and garbage', () => {
    const clock = new FixedClock('2026-01-01T00:00:00Z');
    clock.advanceSeconds(DPOP_NONCE_WINDOW_SECONDS);
    const later = nonces(clock).current();
    clock.advanceSeconds(-DPOP_NONCE_WINDOW_SECONDS);
    const made = nonces(clock);
    expect(made.accepts(later)).to.equal(false);
    const current = made.current();
    const [window] = current.split('.');
    for (const nonce of [`${window}.forged`, current.slice(0, -1), '', '.', 'garbage', `.${current.split('.')[1]}`]) expect(made.accepts(nonce), nonce).to.equal(false);
  });

  it('refuses to issue before its key is settled', () => {
    expect(() => new HmacDpopNonces(new FixedClock()).current()).to.throw('settled at start-up');
  });
});
