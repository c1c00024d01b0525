import { expect } from 'chai';
import { buildAuthServer } from '../support/buildAuthServer';
import { authTestConfig } from '../support/authTestServer';
import { LogCapture } from '../support/LogCapture';

describe('the auth service warns at start when its issuer cannot hold passkeys (an IP address)', function () {
  this.timeout(30_000);

  async function passkeyWarnings(issuer: string): Promise<string[]> {
    const logs = new LogCapture();
    const auth = await buildAuthServer(authTestConfig({ AUTH_ISSUER: issuer }), { configure: logs.configure('warn') });
    await auth.close();
    return logs
      .records()
      .filter((record) => record.level === 40 && String(record.msg).includes('WebAuthn'))
      .map((record) => `${String(record.issuer)} ${String(record.msg)}`);
  }

  it('names the issuer and the fix for an IPv4 or IPv6 issuer', async () => {
    const [warning, ...rest] = await passkeyWarnings('http://127.0.0.1:3000/auth');
    expect(rest).to.deep.equal([]);
    expect(warning).to.match(/^http:\/\/127\.0\.0\.1:3000\/auth the issuer .* is on an IP address: browsers refuse it as a WebAuthn relying party/);
    expect(warning).to.include('localhost');
    expect(await passkeyWarnings('http://[::1]:3000/auth')).to.have.length(1);
  });

  it('says nothing for a host name', async () => {
    expect(await passkeyWarnings('http://localhost:3000/auth')).to.deep.equal([]);
  });
});
