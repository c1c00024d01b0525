import { expect } from 'chai';
import { loadAuthServerConfig } from '../../../../src/infrastructure/config/AuthServerConfig';
import { authConfigProblems } from '../../../support/configProblems';

describe('auth server config: AUTH_REQUIRE_PKCE', () => {
  it('unset (or blank) is the default rule; all (any case) asks PKCE of every request', () => {
    expect(loadAuthServerConfig({}).requirePkce).to.equal('default');
    expect(loadAuthServerConfig({ AUTH_REQUIRE_PKCE: '  ' }).requirePkce).to.equal('default');
    expect(loadAuthServerConfig({ AUTH_REQUIRE_PKCE: 'all' }).requirePkce).to.equal('all');
    expect(loadAuthServerConfig({ AUTH_REQUIRE_PKCE: 'ALL' }).requirePkce).to.equal('all');
  });

  it('any other value is a config error naming the allowed values', () => {
    for (const value of ['public', 'true', 'none']) {
      expect(authConfigProblems({ AUTH_REQUIRE_PKCE: value }), value).to.deep.equal(['AUTH_REQUIRE_PKCE must be all or unset']);
    }
  });
});
