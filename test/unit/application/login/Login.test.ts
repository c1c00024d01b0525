import { expect } from 'chai';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { Login } from '../../../../src/application/login/Login';
import { InvalidCredentialsError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import type { IdGenerator } from '../../../../src/domain/ports/IdGenerator';
import { RandomIdGenerator } from '../../../../src/infrastructure/system/RandomIdGenerator';
import { FixedClock } from '../../../support/FixedClock';
import { FixedUserAuthenticator } from '../../../support/FixedUserAuthenticator';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { UnboundedLoginCapacity } from '../../../../src/infrastructure/auth/InFlightLoginCapacity';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { PasswordOnlyGate } from '../../../support/PasswordOnlyGate';

const KEY: SigningKeyPair = {
  kid: 'k1',
  method: 'rsa',
  alg: 'RS256',
  privateKey: 'private',
  publicKey: 'public',
  createdAt: new Date('2025-01-01T00:00:00Z'),
};

const STUB_LIKE_USER: AuthenticatedUser = {
  id: '1',
  account: 'admin',
  nickName: '管理员',
  userType: MEMBER_USER_TYPE,
  tenantId: null,
  telephone: null,
  avatar: null,
  grade: null,
};

const FULL_USER: AuthenticatedUser = {
  id: '42',
  account: 'alice',
  nickName: 'Alice',
  userType: '2',
  tenantId: 't-7',
  telephone: '13800000000',
  avatar: 'https://example.test/a.png',
  grade: 'gold',
};

const POLICY = { issuer: 'http://localhost:8001/auth', ttlSeconds: 18000 };
// 2026-01-01T00:00:00.900Z: iat is whole seconds, rounded down.
const NOW_SECONDS = 1767225600;

describe('Login', () => {
  let ring: KeyRing;
  let signer: RecordingTokenSigner;
  let clock: FixedClock;

  beforeEach(() => {
    ring = new KeyRing();
    ring.activate(KEY);
    signer = new RecordingTokenSigner();
    clock = new FixedClock('2026-01-01T00:00:00.900Z');
  });

  function login(user: AuthenticatedUser | Error, ids: IdGenerator = new SequenceIdGenerator()): { use: Login; authenticator: FixedUserAuthenticator } {
    const authenticator = new FixedUserAuthenticator(user);
    return { use: new Login(authenticator, new AccessTokenIssuer(signer, ring, clock, ids, POLICY), new RecordingAttemptLimiter(), new UnboundedLoginCapacity(), new PasswordOnlyGate(), new RecordingAuditTrail()), authenticator };
  }

  it('signs the claims of the authenticated user with the active key, in the documented order', async () => {
    const { use, authenticator } = login(STUB_LIKE_USER);

    await use.execute({ username: 'admin', password: 'secret', code: '1234' });

    expect(authenticator.attempts).to.deep.equal([{ username: 'admin', password: 'secret' }]);
    expect(signer.signed).to.have.length(1);
    expect(signer.signed[0].key).to.equal(KEY);
    const claims = signer.signed[0].claims;
    expect(claims).to.deep.equal({
      account: 'admin',
      nickName: '管理员',
      userId: '1',
      userType: '4',
      sub: '1',
      iss: 'http://localhost:8001/auth',
      iat: NOW_SECONDS,
      exp: NOW_SECONDS + 18000,
      jti: 'id-1',
    });
    expect(Object.keys(claims)).to.deep.equal(['account', 'nickName', 'userId', 'userType', 'sub', 'iss', 'iat', 'exp', 'jti']);
  });

  it('leaves null profile fields out of the token and puts known ones in', async () => {
    await login(STUB_LIKE_USER).use.execute({ username: 'a', password: 'b' });
    await login(FULL_USER).use.execute({ username: 'a', password: 'b' });

    for (const field of ['tenantId', 'avatar', 'telephone', 'grade']) {
      expect(signer.signed[0].claims).not.to.have.property(field);
    }
    expect(signer.signed[1].claims).to.include({
      account: 'alice',
      userId: '42',
      sub: '42',
      userType: '2',
      tenantId: 't-7',
      avatar: 'https://example.test/a.png',
      telephone: '13800000000',
      grade: 'gold',
    });
  });

  it('sets exp to iat plus the configured lifetime', async () => {
    const ring2 = new KeyRing();
    ring2.activate(KEY);
    const use = new Login(new FixedUserAuthenticator(STUB_LIKE_USER), new AccessTokenIssuer(signer, ring2, clock, new SequenceIdGenerator(), {
      issuer: 'https://issuer.test',
      ttlSeconds: 60,
    }), new RecordingAttemptLimiter(), new UnboundedLoginCapacity(), new PasswordOnlyGate(), new RecordingAuditTrail());
    clock.advanceSeconds(3600);

    await use.execute({ username: 'a', password: 'b' });

    expect(signer.signed[0].claims).to.include({ iss: 'https://issuer.test', iat: NOW_SECONDS + 3600, exp: NOW_SECONDS + 3660 });
  });

  it('gives every token its own jti', async () => {
    const { use } = login(STUB_LIKE_USER, new RandomIdGenerator());

    await use.execute({ username: 'a', password: 'b' });
    await use.execute({ username: 'a', password: 'b' });

    const [first, second] = signer.signed.map((entry) => entry.claims.jti);
    expect(first).to.be.a('string').with.length.greaterThan(15);
    expect(second).to.be.a('string').with.length.greaterThan(15);
    expect(first).not.to.equal(second);
  });

  it('answers the documented access token info: key order, nulls present', async () => {
    const result = await login(STUB_LIKE_USER).use.execute({ username: 'admin', password: 'x' });

    expect(JSON.stringify(result)).to.equal(
      '{"access_token":"token-1","token_type":null,"refresh_token":null,"expires_in":null,"scope":null,"path":null,' +
        '"info":{"tenantId":null,"telephone":null,"userType":"4","avatar":null,"nickName":"管理员","grade":null}}',
    );
  });

  it('copies known profile fields into info', async () => {
    const result = await login(FULL_USER).use.execute({ username: 'alice', password: 'x' });

    expect(JSON.stringify(result.info)).to.equal(
      '{"tenantId":"t-7","telephone":"13800000000","userType":"2","avatar":"https://example.test/a.png","nickName":"Alice","grade":"gold"}',
    );
  });

  it('propagates the authenticator error and signs nothing', async () => {
    const refusal = new InvalidCredentialsError();

    let caught: unknown;
    await login(refusal).use.execute({ username: 'admin', password: 'wrong' }).catch((error: unknown) => (caught = error));

    expect(caught).to.equal(refusal);
    expect(signer.signed).to.have.length(0);
  });

  it('fails with KeyUnavailableError while no key is loaded', async () => {
    const use = new Login(new FixedUserAuthenticator(STUB_LIKE_USER), new AccessTokenIssuer(signer, new KeyRing(), clock, new SequenceIdGenerator(), POLICY), new RecordingAttemptLimiter(), new UnboundedLoginCapacity(), new PasswordOnlyGate(), new RecordingAuditTrail());

    let caught: unknown;
    await use.execute({ username: 'a', password: 'b' }).catch((error: unknown) => (caught = error));

    expect(caught).to.have.property('code', 'KEY_UNAVAILABLE');
  });
});
