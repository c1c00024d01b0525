import { expect } from 'chai';
import { loadAuthServerConfig } from '../../../../src/infrastructure/config/AuthServerConfig';

describe('AuthServerConfig: audit event retention', () => {
  it('keeps events 30 days by default and reads AUTH_EVENT_RETENTION_DAYS', () => {
    expect(loadAuthServerConfig({}).eventRetentionDays).to.equal(30);
    expect(loadAuthServerConfig({ AUTH_EVENT_RETENTION_DAYS: '1' }).eventRetentionDays).to.equal(1);
    expect(loadAuthServerConfig({ AUTH_EVENT_RETENTION_DAYS: '3650' }).eventRetentionDays).to.equal(3650);
  });

  it('refuses no retention at all, more than ten years and a fraction', () => {
    for (const value of ['0', '3651', '1.5', 'week']) {
      expect(() => loadAuthServerConfig({ AUTH_EVENT_RETENTION_DAYS: value })).to.throw(/AUTH_EVENT_RETENTION_DAYS must be a whole number of days from 1 to 3650/);
    }
  });
});
