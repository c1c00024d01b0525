import { expect } from 'chai';
import { releasedFieldsOf, USER_FIELDS } from '../../../src/domain/model/userFieldsByScope';

const sorted = (fields: ReadonlySet<string>) => [...fields].sort();

describe('userFieldsByScope: the user fields each scope releases to a stored client', () => {
  it('lists the fields in the order tokens write them', () => {
    expect(USER_FIELDS).to.deep.equal(['account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'telephone', 'grade']);
  });

  it('no field for no scope, openid alone, email or a custom scope', () => {
    expect(sorted(releasedFieldsOf([]))).to.deep.equal([]);
    expect(sorted(releasedFieldsOf(['openid', 'email', 'orders:read', 'constructor']))).to.deep.equal([]);
  });

  it('profile releases who the user is, phone the telephone, both both', () => {
    expect(sorted(releasedFieldsOf(['openid', 'profile']))).to.deep.equal(['account', 'avatar', 'grade', 'nickName', 'tenantId', 'userId', 'userType']);
    expect(sorted(releasedFieldsOf(['phone']))).to.deep.equal(['telephone']);
    expect(sorted(releasedFieldsOf(['phone', 'profile']))).to.deep.equal([...USER_FIELDS].sort());
  });

});
