import { expect } from 'chai';
import { ChecksInFlightHere } from '../../../../src/application/clients/ChecksInFlightHere';

/** Whether `promise` has settled once everything that can run has run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

describe('ChecksInFlightHere', () => {
  it('settles at once for a key with nothing under way', async () => {
    expect(await isSettled(new ChecksInFlightHere().settled('a'))).to.equal(true);
  });

  it('settles once every check of the key registered by then has left, and only those of that key', async () => {
    const checks = new ChecksInFlightHere();
    const leaveFirst = checks.enter('a');
    const leaveSecond = checks.enter('a');
    const leaveOther = checks.enter('b');
    const settled = checks.settled('a');

    leaveFirst();
    expect(await isSettled(settled), 'one of two left').to.equal(false);
    leaveSecond();
    expect(await isSettled(settled)).to.equal(true);
    expect(await isSettled(checks.settled('b')), 'another key').to.equal(false);
    leaveOther();
  });

  it('does not wait for a check that entered after it was asked', async () => {
    const checks = new ChecksInFlightHere();
    const leave = checks.enter('a');
    const settled = checks.settled('a');
    checks.enter('a');
    leave();
    expect(await isSettled(settled)).to.equal(true);
  });

  it('keeps nothing once the checks of a key have left', () => {
    const checks = new ChecksInFlightHere();
    const leaves = [checks.enter('a'), checks.enter('a'), checks.enter('b')];
    expect(checks.size).to.equal(2);
    leaves[0]();
    expect(checks.size).to.equal(2);
    leaves.forEach((leave) => leave());
    expect(checks.size).to.equal(0);
  });

  it('a second leave of the same check does nothing, not even to a later check of the key', async () => {
    const checks = new ChecksInFlightHere();
    const leaveEarlier = checks.enter('a');
    leaveEarlier();
    checks.enter('a');

    leaveEarlier();

    expect(checks.size).to.equal(1);
    expect(await isSettled(checks.settled('a'))).to.equal(false);
  });
});
