import { expect } from 'chai';
import { Registry } from 'prom-client';
import { clientServiceMetrics } from '../../../../src/interfaces/http/metrics';
import { maskedUrl } from '../../../../src/interfaces/http/requestLogging';
import { parsePrometheusText, sampleValue } from '../../../support/prometheusText';

describe('client service metrics', () => {
  it('count key fetches by result and give the held key\'s age, NaN while none is held', async () => {
    const registry = new Registry();
    let fetchedAt: Date | null = null;
    const metrics = clientServiceMetrics(registry, { keyFetchedAt: () => fetchedAt, now: () => new Date('2026-01-01T00:01:30Z') });

    const before = parsePrometheusText(await registry.metrics());
    metrics.keyFetched('error');
    metrics.keyFetched('success');
    metrics.keyFetched('success');
    metrics.verificationFailed('TOKEN_EXPIRED');
    fetchedAt = new Date('2026-01-01T00:00:00Z');
    const after = parsePrometheusText(await registry.metrics());

    expect(sampleValue(before, 'auth_client_key_age_seconds')).to.be.NaN;
    expect(sampleValue(after, 'auth_client_key_age_seconds')).to.equal(90);
    expect(sampleValue(after, 'auth_client_key_fetches_total', { result: 'success' })).to.equal(2);
    expect(sampleValue(after, 'auth_client_key_fetches_total', { result: 'error' })).to.equal(1);
    expect(sampleValue(after, 'auth_token_verification_failures_total', { reason: 'TOKEN_EXPIRED' })).to.equal(1);
  });
});

describe('maskedUrl', () => {
  it('masks the values of secret-looking query parameters only', () => {
    expect(maskedUrl('/auth/client/user/secret/key?appId=demo&appSecret=s3cr3t')).to.equal('/auth/client/user/secret/key?appId=demo&appSecret=[redacted]');
    expect(maskedUrl('/x?access_token=abc&page=2&pass%77ord=p')).to.equal('/x?access_token=[redacted]&page=2&pass%77ord=[redacted]');
    expect(maskedUrl('/x')).to.equal('/x');
  });
});
