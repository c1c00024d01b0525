import { expect } from 'chai';
import { buildAuthServer } from '../support/buildAuthServer';
import { authTestConfig } from '../support/authTestServer';
import { LogCapture } from '../support/LogCapture';

/** The warning lines the service logged while it was built. */
async function warningsAt(env: Record<string, string>): Promise<string[]> {
  const logs = new LogCapture();
  const auth = await buildAuthServer(authTestConfig(env), { configure: logs.configure('warn') });
  await auth.close();
  return logs
    .records()
    .filter((record) => record.level === 40 && typeof record.issuer === 'string')
    .map((record) => `${String(record.issuer)} ${String(record.msg)}`);
}

describe('the auth service warns at start about how it is reached (transportWarnings)', function () {
  this.timeout(30_000);

  it('an https issuer without AUTH_TRUST_PROXY', async () => {
    const [warning, ...rest] = await warningsAt({ AUTH_ISSUER: 'https://auth.example.com/auth' });
    expect(rest).to.deep.equal([]);
    expect(warning).to.match(/^https:\/\/auth\.example\.com\/auth the issuer is https but AUTH_TRUST_PROXY is not set/);
    expect(await warningsAt({ AUTH_ISSUER: 'https://auth.example.com/auth', AUTH_TRUST_PROXY: '1' })).to.deep.equal([]);
  });

  it('a plain http issuer off loopback under NODE_ENV=production, and nothing for the test default (http://localhost)', async () => {
    const production = { NODE_ENV: 'production', AUTH_USER_STORE: 'database' };
    const [warning, ...rest] = await warningsAt({ ...production, AUTH_ISSUER: 'http://auth.internal/auth' });
    expect(rest).to.deep.equal([]);
    expect(warning).to.match(/^http:\/\/auth\.internal\/auth the issuer is plain http on a host that is not loopback under NODE_ENV=production/);
    expect(await warningsAt(production)).to.deep.equal([]);
  });
});
