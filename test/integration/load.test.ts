import { expect } from 'chai';
import autocannon from 'autocannon';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';

/** A short burst at 50 connections: every request must be answered 2xx, none may fail. No timing is asserted. */
function burst(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: 2, timeout: 10, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

describe('bounded load on the auth service (50 connections, 2 s per route)', function () {
  this.timeout(60_000);
  let running: RunningAuthServer;
  let token: string;

  before(async () => {
    running = await startAuthServer({ AUTH_SIGN_METHOD: 'rsa' });
    const response = await fetch(`${running.origin}/auth/oauth/jwt/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'load' }),
    });
    token = ((await response.json()) as { data: { access_token: string } }).data.access_token;
  });

  after(async () => {
    await running.auth.close();
  });

  it('answers every login with 2xx and no connection errors', async () => {
    const result = await burst({
      url: `${running.origin}/auth/oauth/jwt/token`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'load' }),
    });
    expect(result['2xx']).to.be.greaterThan(0);
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).to.deep.equal({ errors: 0, timeouts: 0, non2xx: 0 });
  });

  it('answers every protected GET with a valid token with 2xx and no connection errors', async () => {
    const result = await burst({
      url: `${running.origin}/auth/current/user/details`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(result['2xx']).to.be.greaterThan(0);
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).to.deep.equal({ errors: 0, timeouts: 0, non2xx: 0 });
  });
});
