import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { MESSAGES } from '../../../../src/interfaces/http/messages';

/** The "Response messages" table (docs/messages.md, linked from the README): one row per text the services answer, with its status. */
function readmeMessageRows(): Map<string, string> {
  const section = readFileSync(join(__dirname, '../../../../docs/messages.md'), 'utf8');
  const rows = new Map<string, string>();
  for (const match of section.matchAll(/^\| (\d{3}) \| `([^`]+)` \|/gm)) rows.set(match[2], match[1]);
  return rows;
}

describe('README response messages', () => {
  it('lists every message the services answer, and nothing else', () => {
    const rows = readmeMessageRows();
    expect([...rows.keys()].sort()).to.deep.equal(Object.values(MESSAGES).sort());
  });
});
