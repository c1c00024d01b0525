import { expect } from 'chai';
import { AccountBrowser } from '../../support/accountBrowser';
import { authTestConfig } from '../../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { fastPasswordHashing } from '../../support/fastPasswordHashing';
import { PostgresDatabase } from '../../support/postgresDatabase';
import { StoreCliBeside } from '../../support/StoreCliBeside';
import type { TcpProxy } from '../../support/tcpProxy';

/** The account page while PostgreSQL is out of reach (behind a proxy the test cuts): 503, nothing shown or done; served again once it is back. */
describe('the account page with the store out of reach', function () {
  this.timeout(60_000);
  let database: PostgresDatabase;
  let proxy: TcpProxy;
  let cli: StoreCliBeside;
  let auth: AuthServer;
  let origin: string;

  before(async () => {
    database = await PostgresDatabase.create();
    const proxied = await database.behindProxy();
    proxy = proxied.proxy;
    const config = authTestConfig({ AUTH_DATABASE_URL: proxied.url, AUTH_USER_STORE: 'database' });
    cli = await StoreCliBeside.open(config, fastPasswordHashing(config));
    await cli.addUser('alice', '--nick', 'alice');
    auth = await buildAuthServer(config, { configure: fastPasswordHashing(config) });
    origin = `http://127.0.0.1:${(await auth.listen(0)).port}`;
  });

  after(async () => {
    await proxy?.restore();
    await auth?.close();
    await cli?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('fails closed: 503 for the page and its actions while the store is cut, no stack or secret in the body', async () => {
    const account = new AccountBrowser(origin);
    await account.signedIn('alice', 'alice-pass');
    await proxy.cut();
    const page = await account.browser.get(account.url);
    expect(page.status).to.equal(503);
    const action = await account.post('sessions_end_others');
    expect(action.status).to.equal(503);
    const body = await action.text();
    expect(body).to.not.match(/at \w+ \(|Error:|postgres/i);
    await proxy.restore();
    expect((await account.open()).status).to.equal(200);
  });
});
