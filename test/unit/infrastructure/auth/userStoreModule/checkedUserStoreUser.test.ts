import { expect } from 'chai';
import { checkedUserStoreUser, userFieldProblems } from '../../../../../src/infrastructure/auth/userStoreModule/checkedUserStoreUser';

const GOOD = { id: 'u-1', account: 'alice', nickName: 'Alice', userType: '4' };

describe('checkedUserStoreUser: a module user, field by field', () => {
  it('takes a user with the required fields, the optional ones null', () => {
    expect(checkedUserStoreUser(GOOD)).to.deep.equal({
      user: { ...GOOD, tenantId: null, telephone: null, avatar: null, grade: null },
      email: null,
    });
  });

  it('copies the optional fields it knows and nothing else (no hash; the email beside the user, never into tokens)', () => {
    const answer = { ...GOOD, tenantId: 't', avatar: 'https://a.example/a.png', telephone: '+1 555', email: 'a@example.com', grade: 'gold', passwordHash: '$2b$…' };

    expect(checkedUserStoreUser(answer)).to.deep.equal({
      user: { ...GOOD, tenantId: 't', avatar: 'https://a.example/a.png', telephone: '+1 555', grade: 'gold' },
      email: 'a@example.com',
    });
  });

  for (const field of ['id', 'account', 'nickName', 'userType']) {
    it(`names ${field} when it is missing, not a string or empty`, () => {
      for (const value of [undefined, null, 42, '', ['x'], { x: 1 }]) {
        const checked = checkedUserStoreUser({ ...GOOD, [field]: value });
        expect(checked, `${field} = ${JSON.stringify(value)}`).to.have.property('invalid').that.includes({ field, rule: 'type' });
      }
    });

    it(`names ${field} when it holds a control character`, () => {
      expect(checkedUserStoreUser({ ...GOOD, [field]: 'a\u0000b' })).to.deep.equal({
        invalid: { field, rule: 'text', problem: 'holds a control character or a lone surrogate' },
      });
    });
  }

  for (const field of ['tenantId', 'avatar', 'telephone', 'email', 'grade']) {
    it(`accepts ${field} absent or null, names it when it is not a string or holds a control character`, () => {
      expect(checkedUserStoreUser({ ...GOOD, [field]: null })).to.have.property('user');
      expect(checkedUserStoreUser({ ...GOOD, [field]: 7 })).to.deep.equal({
        invalid: { field, rule: 'type', problem: 'expected a string, null or nothing, got number' },
      });
      expect(checkedUserStoreUser({ ...GOOD, [field]: 'x\u001b[31m' })).to.have.property('invalid').that.includes({ field, rule: 'text' });
    });
  }

  it('refuses a lone surrogate and DEL as it refuses C0 controls', () => {
    expect(checkedUserStoreUser({ ...GOOD, nickName: 'a\ud800' })).to.have.property('invalid').that.includes({ field: 'nickName', rule: 'text' });
    expect(checkedUserStoreUser({ ...GOOD, nickName: 'a\u007f' })).to.have.property('invalid').that.includes({ field: 'nickName', rule: 'text' });
  });

  it('names a field longer than the store keeps', () => {
    expect(checkedUserStoreUser({ ...GOOD, userType: 'x'.repeat(17) })).to.deep.equal({
      invalid: { field: 'userType', rule: 'length', problem: 'longer than 16 characters (17)' },
    });
    expect(checkedUserStoreUser({ ...GOOD, id: 'x'.repeat(257) })).to.have.property('invalid').that.includes({ field: 'id', rule: 'length' });
  });

  it('names the answer as a whole when it is not an object, never echoing the value', () => {
    for (const [answer, got] of [[undefined, 'undefined'], [true, 'boolean'], ['alice', 'string'], [[GOOD], 'an array']] as const) {
      expect(checkedUserStoreUser(answer)).to.deep.equal({ invalid: { field: 'user', rule: 'type', problem: `expected an object or null, got ${got}` } });
    }
  });

  it('lists every problem of an answer, in the contract order', () => {
    expect(userFieldProblems({ id: 7, account: 'a', nickName: 'N\u0007', userType: '4', grade: 1 }).map(({ field, rule }) => `${field}:${rule}`)).to.deep.equal([
      'id:type',
      'nickName:text',
      'grade:type',
    ]);
  });
});
