import { expect } from 'chai';
import { CONFIGURED_CLIENT_GRANTS, DEFAULT_GRANTS, GRANT_TYPES, isGrantType, SECRET_ONLY_GRANTS } from '../../../src/domain/model/GrantType';

describe('GrantType', () => {
  it('knows the five grants of the token endpoint, and nothing else', () => {
    expect(GRANT_TYPES).to.deep.equal(['authorization_code', 'refresh_token', 'client_credentials', 'password', 'urn:ietf:params:oauth:grant-type:device_code']);
    for (const grant of GRANT_TYPES) expect(isGrantType(grant), grant).to.equal(true);
    for (const text of ['', 'implicit', 'PASSWORD', 'password ', 'device_code', 'toString', '__proto__']) {
      expect(isGrantType(text), text).to.equal(false);
    }
  });

  it('defaults to the code flow and refresh; client_credentials and password need a secret; AUTH_CLIENTS keep what they had', () => {
    expect(DEFAULT_GRANTS).to.deep.equal(['authorization_code', 'refresh_token']);
    expect(SECRET_ONLY_GRANTS).to.deep.equal(['client_credentials', 'password']);
    expect(CONFIGURED_CLIENT_GRANTS).to.deep.equal(['refresh_token', 'client_credentials', 'password']);
    expect(Object.isFrozen(GRANT_TYPES) && Object.isFrozen(DEFAULT_GRANTS) && Object.isFrozen(CONFIGURED_CLIENT_GRANTS) && Object.isFrozen(SECRET_ONLY_GRANTS)).to.equal(true);
  });
});
