import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { keysCommandOutput } from '../../src/interfaces/composition/keysCli';
import { authTestConfig } from '../support/authTestServer';

/** ISO 8601 with an offset (UTC, `Z`): the one format every time shown to an operator uses. */
const ISO_UTC = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/;

describe('keys CLI times', () => {
  let dir: string;
  let config: ReturnType<typeof authTestConfig>;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'auth-keys-cli-'));
    config = authTestConfig({ AUTH_DATABASE_URL: `sqlite:${join(dir, 'auth.sqlite')}` });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('rotate names when the next key signs in ISO 8601 with offset', async () => {
    const output = await keysCommandOutput(config, ['rotate']);
    expect(output).to.match(new RegExp(`^next key published: \\S+, signing from ${ISO_UTC.source}$`));
    expect(output).not.to.contain('GMT+8');
  });

  it('list shows every time in ISO 8601 with offset, no GMT+8 label', async () => {
    const [header, ...rows] = (await keysCommandOutput(config, ['list'])).split('\n');
    expect(header).to.match(/^kid\s+method\s+alg\s+state\s+created\s+signs from\s+retires$/);
    expect(rows).to.have.length(2);
    for (const row of rows) {
      const cells = row.split(/\s{2,}/);
      expect(cells[4], row).to.match(new RegExp(`^${ISO_UTC.source}$`));
      expect(cells[5], row).to.match(new RegExp(`^${ISO_UTC.source}$`));
    }
  });
});
