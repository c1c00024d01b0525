import { expect } from 'chai';
import { MAX_WAITING_KEYS, PendingGiveBacks, unrefTimeout } from '../../../../src/infrastructure/limits/PendingGiveBacks';
import { ManualTimeouts } from '../../../support/ManualTimeouts';

describe('PendingGiveBacks: give-backs wait for a statement to ride on', () => {
  it('merges give-backs by key, and takes them with the latest time they were given at', () => {
    const pending = new PendingGiveBacks(100, () => undefined, new ManualTimeouts().schedule);
    pending.add(2_000, ['login:a', 'login:b']);
    pending.add(1_000, ['login:a']);

    const due = pending.take();
    expect(due?.now).to.equal(2_000);
    expect([...(due?.counts ?? [])]).to.deep.equal([
      ['login:a', 2],
      ['login:b', 1],
    ]);
    expect(pending.take(), 'taken once').to.equal(undefined);
  });

  it('takes nothing when nothing waits, and schedules nothing for an empty give-back', () => {
    const schedule = new ManualTimeouts();
    const pending = new PendingGiveBacks(100, () => undefined, schedule.schedule);
    pending.add(1_000, []);
    expect(pending.take()).to.equal(undefined);
    expect(schedule.scheduled).to.have.length(0);
  });

  it('sends what waits after its wait, scheduled once however many are added', () => {
    const schedule = new ManualTimeouts();
    let sent = 0;
    const pending = new PendingGiveBacks(100, () => sent++, schedule.schedule);
    pending.add(1_000, ['login:a']);
    pending.add(1_001, ['login:b']);
    expect(schedule.scheduled.map((entry) => entry.ms)).to.deep.equal([100]);

    schedule.runDue();
    expect(sent).to.equal(1);
    pending.take();
    pending.add(1_002, ['login:c']);
    expect(schedule.scheduled, 'a new wait after the send').to.have.length(2);
  });

  it('cancels the wait when a statement takes what waits, and waits anew for the next give-back', () => {
    const schedule = new ManualTimeouts();
    let sent = 0;
    const pending = new PendingGiveBacks(100, () => sent++, schedule.schedule);
    pending.add(1_000, ['login:a']);
    pending.take();
    expect(schedule.scheduled[0].cancelled).to.equal(true);
    schedule.runDue();
    expect(sent).to.equal(0);

    pending.add(1_001, ['login:b']);
    expect(schedule.scheduled.map((entry) => entry.cancelled)).to.deep.equal([true, false]);
  });

  it('sends at once when MAX_WAITING_KEYS keys wait (one statement holds that many)', () => {
    const sent: number[] = [];
    const pending: PendingGiveBacks = new PendingGiveBacks(100, () => sent.push(pending.take()?.counts.size ?? 0), new ManualTimeouts().schedule);
    for (let i = 0; i < MAX_WAITING_KEYS - 1; i++) pending.add(1_000, [`login:${i}`]);
    pending.add(1_000, ['login:0']);
    expect(sent, 'a key that already waits adds no key').to.deep.equal([]);
    pending.add(1_000, [`login:${MAX_WAITING_KEYS - 1}`]);
    expect(sent).to.deep.equal([MAX_WAITING_KEYS]);
  });

  it('waits on a timer that does not keep the process alive, and can be cancelled', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const before = timers();
    const cancelLater = unrefTimeout(() => undefined, 60_000);
    expect(timers(), 'an unref\'d timer is not an active resource').to.equal(before);
    cancelLater();
    let ran = 0;
    unrefTimeout(() => ran++, 1)();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran, 'cancelled').to.equal(0);
    await new Promise<void>((resolve) => unrefTimeout(resolve, 1));
  });
});
