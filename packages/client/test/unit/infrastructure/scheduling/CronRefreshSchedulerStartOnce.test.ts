import { expect } from 'chai';
import { CronRefreshScheduler, cronProblem, normalizeCron } from '../../../../src/infrastructure/scheduling/CronRefreshScheduler';

describe('CronRefreshScheduler: one schedule, however often started', () => {
  it('a second start() adds no second schedule: after stop() nothing runs', async () => {
    const scheduler = new CronRefreshScheduler('* * * * * *');
    let runs = 0;
    scheduler.start(async () => runs++);
    scheduler.start(async () => runs++);
    await scheduler.stop();
    // A schedule left behind would tick within the next second.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(runs).to.equal(0);
  });

  it('reads Spring’s "?" as "*" and says why an expression is refused', () => {
    expect(normalizeCron(' 0 0/1 * * * ? ')).to.equal('0 0/1 * * * *');
    expect(cronProblem('0 0/1 * * * ?')).to.equal(null);
    expect(cronProblem('61 * * * * *')).to.match(/^"61 \* \* \* \* \*" is not a cron expression \(.+\)$/);
  });
});
