import { expect } from 'chai';
import { loadAuthServerConfig } from '../../../../src/infrastructure/config/AuthServerConfig';
import { authConfigProblems } from '../../../support/configProblems';

describe('auth server config: AUTH_USER_STORE=module:<path>', () => {
  it('reads the module store and keeps the path as written (paths are case-sensitive)', () => {
    const config = loadAuthServerConfig({ AUTH_USER_STORE: 'module:./Stores/team-store.mjs' });

    expect(config).to.include({ userStore: 'module', userStoreModule: './Stores/team-store.mjs' });
  });

  it('takes the prefix in any case and trims the path', () => {
    expect(loadAuthServerConfig({ AUTH_USER_STORE: ' MODULE: /srv/store.cjs ' })).to.include({ userStore: 'module', userStoreModule: '/srv/store.cjs' });
  });

  it('has no module path for the other stores', () => {
    expect(loadAuthServerConfig({ AUTH_USER_STORE: 'database' }).userStoreModule).to.equal(null);
    expect(loadAuthServerConfig({}).userStoreModule).to.equal(null);
  });

  it('is allowed under NODE_ENV=production', () => {
    expect(authConfigProblems({ NODE_ENV: 'production', AUTH_USER_STORE: 'module:./store.js' })).to.deep.equal([]);
  });

  it('asks for the path when it is missing, once', () => {
    expect(authConfigProblems({ AUTH_USER_STORE: 'module' })).to.deep.equal(['AUTH_USER_STORE=module needs the path of the module: module:<path>, e.g. module:./user-store.js']);
    expect(authConfigProblems({ AUTH_USER_STORE: 'module:  ' })).to.deep.equal([
      'AUTH_USER_STORE=module:<path> needs a path after module:, e.g. module:./user-store.js',
    ]);
  });

  it('names the three choices for an unknown store, and the module among the production choices', () => {
    expect(authConfigProblems({ AUTH_USER_STORE: 'ldap' })).to.deep.equal(['AUTH_USER_STORE must be stub, database or module:<path>']);
    expect(authConfigProblems({ NODE_ENV: 'production' })).to.include(
      'AUTH_USER_STORE must be set when NODE_ENV=production: database, module:<path> (or stub, which logs in any username and password)',
    );
  });
});
