import { expect } from 'chai';
import { CronRefreshScheduler } from '../../src/infrastructure/scheduling/CronRefreshScheduler';

describe('CronRefreshScheduler', () => {
  let scheduler: CronRefreshScheduler | undefined;

  afterEach(async () => {
    await scheduler?.stop();
  });

  it('refuses an expression that is not cron', () => {
    expect(() => new CronRefreshScheduler('every minute')).to.throw(RangeError, /not a cron expression/);
  });

  it('knows its next run only while started', async () => {
    scheduler = new CronRefreshScheduler('0 */1 * * * *');
    expect(scheduler.nextRunAt()).to.equal(null);
    scheduler.start(async () => undefined);
    const next = scheduler.nextRunAt();
    expect(next).to.be.instanceOf(Date);
    expect(next!.getUTCSeconds()).to.equal(0);
    expect(next!.getTime() - Date.now()).to.be.within(0, 60_000);
    await scheduler.stop();
    expect(scheduler.nextRunAt()).to.equal(null);
  });

  it('runs the task on a fast cron', async () => {
    scheduler = new CronRefreshScheduler('* * * * * *');
    await new Promise<void>((resolve) => scheduler!.start(async () => resolve()));
    expect(scheduler.nextRunAt()).to.be.instanceOf(Date);
  });
});
