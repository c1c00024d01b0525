import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join('docs', name))];

/** Every `clients -- add` command of the pages' shell blocks, continuation lines joined. */
function clientRegistrations(): Array<{ page: string; command: string }> {
  return PAGES.flatMap((page) => {
    const text = readFileSync(join(ROOT, page), 'utf8').replace(/\\\n\s*/g, '');
    return text
      .split('\n')
      .filter((line) => /npm run clients -- add /.test(line))
      .map((line) => ({ page, command: line.trim() }));
  });
}

/** A web app copied from the docs signs users in with OpenID libraries, which ask for `openid`: registered without it, they get invalid_scope. */
describe('the docs register sign-in apps for openid', () => {
  it('every documented registration with a redirect URI includes --scope openid', () => {
    const signIn = clientRegistrations().filter(({ command }) => command.includes('--redirect-uri'));

    expect(signIn.map(({ page }) => page)).to.include('README.md');
    expect(signIn.filter(({ command }) => !/--scope openid(\s|$|`)/.test(command))).to.deep.equal([]);
  });
});
