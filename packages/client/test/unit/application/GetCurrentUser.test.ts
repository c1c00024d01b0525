import { expect } from 'chai';
import { bearerToken } from '../../../src/index';
import { GetCurrentUser } from '../../../src/application/GetCurrentUser';
import { TokenExpiredError, TokenMissingError } from '../../../src/index';
import type { TokenClaims } from '../../../src/index';
import { StubTokenVerifier } from '../../support/StubTokenVerifier';
import { stubClaims } from '../../support/testKeys';

const CLAIMS: TokenClaims = stubClaims({ iat: 1, exp: 2, jti: 'j' });

const DETAIL_KEYS = [
  'id', 'tenantId', 'clientId', 'signMethod', 'nickName', 'avatar', 'anId', 'anTitle', 'telephone', 'email', 'account',
  'accountSecret', 'status', 'appId', 'openId', 'userType', 'sex', 'deptId', 'deptTitle', 'postId', 'postTitle', 'grade',
  'isSuperAdmin', 'delFlag', 'canDel', 'expireTime', 'other',
];

describe('bearerToken', () => {
  it('takes the token after the Bearer scheme, whatever its case', () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      expect(bearerToken(`${scheme} abc.def.ghi`)).to.equal('abc.def.ghi');
    }
  });

  it('tolerates extra blanks around the token', () => {
    expect(bearerToken('Bearer   abc')).to.equal('abc');
    expect(bearerToken('Bearer\tabc ')).to.equal('abc');
  });

  it('answers null when there is no bearer token', () => {
    for (const header of [undefined, '', 'Bearer', 'Bearer ', ' Bearer \t ', 'Basic dXNlcjpwYXNz', 'abc.def.ghi', 'Bearerabc']) {
      expect(bearerToken(header), String(header)).to.equal(null);
    }
  });

  it('hands on whatever follows the scheme as a sent token, so a malformed one is refused as invalid, not as missing', () => {
    expect(bearerToken('Bearer a b')).to.equal('a b');
    expect(bearerToken('bearer \t x.y.z  ')).to.equal('x.y.z');
  });

  it('reads a 200 kB header of spaces in linear time (no backtracking regex)', () => {
    const hostile = `Bearer x${' '.repeat(200_000)}y`;
    expect(bearerToken(hostile)).to.equal(`x${' '.repeat(200_000)}y`);
  });
});

describe('GetCurrentUser', () => {
  it('throws TokenMissingError without a bearer token and does not call the verifier', () => {
    const verifier = new StubTokenVerifier({});
    const use = new GetCurrentUser(verifier);
    for (const authorization of [undefined, '', 'Basic x', 'Bearer']) {
      expect(() => use.execute({ authorization })).to.throw(TokenMissingError).with.property('code', 'TOKEN_MISSING');
    }
    expect(verifier.seen).to.deep.equal([]);
  });

  it('returns the user from the verified claims: all 27 keys in order, unknown ones null', () => {
    const use = new GetCurrentUser(new StubTokenVerifier({ good: CLAIMS }));

    const user = use.execute({ authorization: 'bearer good' });

    expect(Object.keys(user)).to.deep.equal(DETAIL_KEYS);
    expect(user).to.deep.equal({
      ...Object.fromEntries(DETAIL_KEYS.map((key) => [key, null])),
      id: '1',
      nickName: '管理员',
      account: 'admin',
      userType: '4',
    });
  });

  it('copies optional profile claims when the token has them', () => {
    const claims = { ...CLAIMS, tenantId: 't', avatar: 'a', telephone: 'p', grade: 'g' };
    const user = new GetCurrentUser(new StubTokenVerifier({ good: claims })).execute({ authorization: 'Bearer good' });
    expect(user).to.include({ tenantId: 't', avatar: 'a', telephone: 'p', grade: 'g' });
  });

  it('lets the verifier errors through', () => {
    const use = new GetCurrentUser(new StubTokenVerifier({}, () => new TokenExpiredError('expired')));
    expect(() => use.execute({ authorization: 'Bearer old' })).to.throw(TokenExpiredError);
  });
});
