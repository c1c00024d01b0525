import { expect } from 'chai';
import { Login } from '../../../../src/application/login/Login';
import { PasswordGrant } from '../../../../src/application/oauth/PasswordGrant';
import { SecondFactorGate } from '../../../../src/application/secondFactor/SecondFactorGate';
import type { VerifySecondFactor } from '../../../../src/application/secondFactor/VerifySecondFactor';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import { InvalidSecondFactorError, SecondFactorEnrolmentRequiredError, SecondFactorRequiredError } from '../../../../src/domain/secondFactorErrors';
import { UnboundedLoginCapacity } from '../../../../src/infrastructure/auth/InFlightLoginCapacity';
import { FixedClock } from '../../../support/FixedClock';
import { FixedUserAuthenticator } from '../../../support/FixedUserAuthenticator';
import { InMemorySecondFactorStore } from '../../../support/InMemorySecondFactorStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { rejection } from '../../../support/rejection';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

const USER: AuthenticatedUser = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };

/** `123456` is the right code. */
const verify: Pick<VerifySecondFactor, 'execute'> = {
  execute: async ({ proof }) => {
    if (proof.kind === 'code' && proof.code === '123456') return 'otp';
    throw new InvalidSecondFactorError('wrong');
  },
};

describe('the password paths ask the second factor', () => {
  let store: InMemorySecondFactorStore;
  let signer: RecordingTokenSigner;

  beforeEach(() => {
    store = new InMemorySecondFactorStore();
    signer = new RecordingTokenSigner();
  });

  function login(policy: 'optional' | 'required' = 'optional'): Login {
    const ring = new KeyRing();
    ring.activate({ kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'p', publicKey: 'q', createdAt: new Date(0) });
    const tokens = new AccessTokenIssuer(signer, ring, new FixedClock(), new SequenceIdGenerator(), { issuer: 'i', ttlSeconds: 60 });
    return new Login(new FixedUserAuthenticator(USER), tokens, new RecordingAttemptLimiter(), new UnboundedLoginCapacity(), new SecondFactorGate(store, verify, policy), new RecordingAuditTrail());
  }

  it('the seed login signs an enrolled user in only with the right otp', async () => {
    store.enrolTotp(USER.id, 'S');
    expect(await rejection(login().execute({ username: 'alice', password: 'pw' }))).to.be.instanceOf(SecondFactorRequiredError);
    expect(await rejection(login().execute({ username: 'alice', password: 'pw', otp: '000000' }))).to.be.instanceOf(SecondFactorRequiredError);
    expect(signer.signed).to.have.length(0);
    expect((await login().execute({ username: 'alice', password: 'pw', otp: '123456' })).access_token).to.be.a('string');
    expect(signer.signed).to.have.length(1);
  });

  it('the seed login signs a user without a factor in on the password, and refuses them under the required policy', async () => {
    expect((await login().execute({ username: 'alice', password: 'pw' })).access_token).to.be.a('string');
    expect(await rejection(login('required').execute({ username: 'alice', password: 'pw', otp: '123456' }))).to.be.instanceOf(SecondFactorEnrolmentRequiredError);
  });

  it('the password grant refuses an enrolled user before any token, whatever the password', async () => {
    store.enrolTotp(USER.id, 'S');
    const gate = new SecondFactorGate(store, verify, 'optional');
    const issued: string[] = [];
    const grant = new PasswordGrant(
      login(),
      { forUser: async () => (issued.push('token'), { token: 't', jti: 'j', expiresAt: 1, subject: '7', issuedAt: 0 }), ttlSeconds: 60 },
      { start: async () => 'refresh' },
      gate,
      new RecordingAuditTrail(),
    );
    const refusal = await rejection(grant.execute(null, { username: 'alice', password: 'pw' }, {}));
    expect(refusal).to.be.instanceOf(SecondFactorRequiredError);
    expect(issued).to.deep.equal([]);
  });
});
