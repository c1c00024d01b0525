import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';
import { buildAuthServer } from '../support/buildAuthServer';
import { LogCapture } from '../support/LogCapture';

/** A newcomer's restart on another port: the issuer recorded at the first start stays, and the log says why discovery now fails. */
describe('start-up: the issuer recorded at the first start and this instance\'s address', () => {
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'issuer-'));
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  async function startOn(port: string, env: Record<string, string> = {}): Promise<Array<Record<string, unknown>>> {
    const logs = new LogCapture();
    const config = loadAuthServerConfig({ PORT: port, LOG_LEVEL: 'silent', AUTH_DATABASE_URL: `sqlite:${join(dir, 'auth.sqlite')}`, ...env });
    const server = await buildAuthServer(config, { configure: logs.configure('warn') });
    await server.close();
    return logs.records().filter((record) => String(record.msg).includes('AUTH_ISSUER'));
  }

  it('warns, naming AUTH_ISSUER and both URLs, when a restart on another port keeps the first issuer; not on the first start nor with AUTH_ISSUER set', async () => {
    expect(await startOn('18101')).to.deep.equal([]);

    const warnings = await startOn('18102');

    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.deep.include({ issuer: 'http://localhost:18101/auth', thisInstance: 'http://localhost:18102/auth' });
    expect(String(warnings[0].msg)).to.include('issuer does not match').and.include('set AUTH_ISSUER');
    expect(await startOn('18101')).to.deep.equal([]);
    expect(await startOn('18103', { AUTH_ISSUER: 'http://localhost:18103/auth' })).to.deep.equal([]);
  });
});
