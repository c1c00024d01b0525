import { expect } from 'chai';
import { loadAuthServerConfig } from '../../../../src/infrastructure/config/AuthServerConfig';
import { discoveryDocument } from '../../../../src/interfaces/composition/discoveryDocument';
import { authConfigProblems } from '../../../support/configProblems';

describe('auth server config: AUTH_REQUIRE_PAR, and what discovery says of it', () => {
  it('unset (or blank) is the default rule; all (any case) asks every client to push', () => {
    expect(loadAuthServerConfig({}).requirePar).to.equal('default');
    expect(loadAuthServerConfig({ AUTH_REQUIRE_PAR: '  ' }).requirePar).to.equal('default');
    expect(loadAuthServerConfig({ AUTH_REQUIRE_PAR: 'ALL' }).requirePar).to.equal('all');
  });

  it('any other value is a config error naming the allowed values', () => {
    for (const value of ['true', 'public']) expect(authConfigProblems({ AUTH_REQUIRE_PAR: value }), value).to.deep.equal(['AUTH_REQUIRE_PAR must be all or unset']);
  });

  it('discovery always says require_pushed_authorization_requests, true only under all, and names the PAR endpoint', () => {
    const of = (env: Record<string, string>) => discoveryDocument('https://auth.example/auth/', loadAuthServerConfig(env));
    expect(of({})).to.include({ require_pushed_authorization_requests: false, pushed_authorization_request_endpoint: 'https://auth.example/auth/oauth/par' });
    expect(of({ AUTH_REQUIRE_PAR: 'all' })).to.include({ require_pushed_authorization_requests: true });
  });
});
