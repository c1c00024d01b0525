import { expect } from 'chai';
import { STANDARD_CLAIM_SCOPES, STANDARD_CLAIMS, standardClaimsOf } from '../../../src/domain/model/standardClaims';

const USER = { account: 'alice', nickName: 'Alice A.', avatar: 'https://img.example/a.png', telephone: '+86 10 1234' };

describe('standardClaims: OpenID Connect claims by scope from the user\'s fields', () => {
  it('profile: name and nickname from the nickname, preferred_username the account, picture the avatar', () => {
    expect(standardClaimsOf(USER, ['openid', 'profile'])).to.deep.equal({
      name: 'Alice A.', nickname: 'Alice A.', preferred_username: 'alice', picture: 'https://img.example/a.png',
    });
  });

  it('phone: phone_number the telephone; both scopes answer both, in a fixed order whatever the scopes\' order', () => {
    expect(standardClaimsOf(USER, ['phone', 'openid'])).to.deep.equal({ phone_number: '+86 10 1234' });
    expect(Object.keys(standardClaimsOf(USER, ['phone', 'profile', 'openid']))).to.deep.equal(['name', 'nickname', 'preferred_username', 'picture', 'phone_number']);
  });

  it('a field the user does not have is left out, never null', () => {
    expect(standardClaimsOf({ account: 'bob', nickName: 'Bob' }, ['openid', 'profile', 'phone'])).to.deep.equal({ name: 'Bob', nickname: 'Bob', preferred_username: 'bob' });
  });

  it('nothing without openid (a plain OAuth token), and nothing for openid alone or for scopes it does not know (email included)', () => {
    expect(standardClaimsOf(USER, ['profile', 'phone'])).to.deep.equal({});
    expect(standardClaimsOf(USER, ['openid'])).to.deep.equal({});
    expect(standardClaimsOf(USER, ['openid', 'email', 'address', 'constructor'])).to.deep.equal({});
  });

  it('lists what it can answer: the scopes profile, email and phone, and exactly their claims', () => {
    expect(STANDARD_CLAIM_SCOPES).to.deep.equal(['profile', 'email', 'phone']);
    expect(STANDARD_CLAIMS).to.deep.equal(['name', 'nickname', 'preferred_username', 'picture', 'email', 'phone_number', 'email_verified']);
  });

  it('email: the address given beside the token claims, with email_verified false; nothing without the email scope or an address', () => {
    const user = { account: 'alice', nickName: 'Alice', email: 'alice@example.com' };
    expect(standardClaimsOf(user, ['openid', 'email'])).to.deep.equal({ email: 'alice@example.com', email_verified: false });
    expect(standardClaimsOf(user, ['openid', 'profile'])).not.to.have.any.keys('email', 'email_verified');
    expect(standardClaimsOf({ account: 'alice', nickName: 'Alice' }, ['openid', 'email'])).to.deep.equal({});
  });
});
