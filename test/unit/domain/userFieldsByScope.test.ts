import { expect } from 'chai';
import { accessTokenFieldsOf, USER_FIELDS, userInfoFieldsOf } from '../../../src/domain/model/userFieldsByScope';

const sorted = (fields: ReadonlySet<string>) => [...fields].sort();

describe('userFieldsByScope: the user fields each scope releases to a stored client', () => {
  it('lists the fields in the order tokens write them', () => {
    expect(USER_FIELDS).to.deep.equal(['account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'telephone', 'grade']);
  });

  it('userinfo: no field for no scope, openid alone, email or a custom scope', () => {
    expect(sorted(userInfoFieldsOf([]))).to.deep.equal([]);
    expect(sorted(userInfoFieldsOf(['openid', 'email', 'orders:read', 'constructor']))).to.deep.equal([]);
  });

  it('userinfo: profile releases who the user is, phone the telephone, both both', () => {
    expect(sorted(userInfoFieldsOf(['openid', 'profile']))).to.deep.equal(['account', 'avatar', 'grade', 'nickName', 'tenantId', 'userId', 'userType']);
    expect(sorted(userInfoFieldsOf(['phone']))).to.deep.equal(['telephone']);
    expect(sorted(userInfoFieldsOf(['phone', 'profile']))).to.deep.equal([...USER_FIELDS].sort());
  });

  it('access token: always what @auth-service/client needs of a user token and the tenant and grade; avatar with profile, telephone with phone', () => {
    const always = ['account', 'grade', 'nickName', 'tenantId', 'userId', 'userType'];
    expect(sorted(accessTokenFieldsOf([]))).to.deep.equal(always);
    expect(sorted(accessTokenFieldsOf(['openid', 'email']))).to.deep.equal(always);
    expect(sorted(accessTokenFieldsOf(['profile']))).to.deep.equal([...always, 'avatar'].sort());
    expect(sorted(accessTokenFieldsOf(['phone']))).to.deep.equal([...always, 'telephone'].sort());
  });
});
