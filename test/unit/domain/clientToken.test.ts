import { expect } from 'chai';
import type { AccessTokenClaims } from '@auth-service/client';
import { isClientToken } from '../../../src/domain/model/clientToken';

const CLIENT = { sub: 'svc', client_id: 'svc', iss: 'i', iat: 1, exp: 2, jti: 'j' };
const is = (claims: Record<string, unknown>) => isClientToken(claims as unknown as AccessTokenClaims);

describe('isClientToken: a client’s own token, told from a user token issued through a client', () => {
  it('is a client token when sub is its client_id and no user field is carried', () => {
    expect(is(CLIENT)).to.equal(true);
  });

  it('is a user token when sub names someone else, even without any user field (a stored client granted no profile)', () => {
    expect(is({ ...CLIENT, sub: '7' })).to.equal(false);
  });

  it('is a user token when it carries a userId or an account, or no client_id at all', () => {
    expect(is({ ...CLIENT, userId: 'svc' })).to.equal(false);
    expect(is({ ...CLIENT, account: 'svc' })).to.equal(false);
    const { client_id: _clientId, ...withoutClient } = CLIENT;
    expect(is(withoutClient)).to.equal(false);
    expect(is({ ...CLIENT, client_id: 7, sub: 7 })).to.equal(false);
  });
});
