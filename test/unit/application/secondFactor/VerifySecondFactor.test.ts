import { expect } from 'chai';
import { CodeProofCheck } from '../../../../src/application/secondFactor/CodeProofCheck';
import type { ProofCheck } from '../../../../src/application/secondFactor/ProofCheck';
import { VerifySecondFactor } from '../../../../src/application/secondFactor/VerifySecondFactor';
import { StoreUnavailableError, TooManyLoginAttemptsError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../../../src/domain/model/AuthenticatedUser';
import { InvalidSecondFactorError } from '../../../../src/domain/secondFactorErrors';
import { FakeTotpCodes } from '../../../support/FakeTotpCodes';
import { FixedClock } from '../../../support/FixedClock';
import { InMemorySecondFactorStore } from '../../../support/InMemorySecondFactorStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { rejection } from '../../../support/rejection';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

const USER: AuthenticatedUser = { id: 'u1', account: 'Alice', nickName: 'A', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const SECRET = 'JBSWY3DPEHPK3PXP';
// 2026-01-01T00:00:10Z: step 58907520.
const NOW = new Date('2026-01-01T00:00:10Z');
const STEP = Math.floor(NOW.getTime() / 30000);

describe('VerifySecondFactor', () => {
  let store: InMemorySecondFactorStore;
  let limiter: RecordingAttemptLimiter;
  let clock: FixedClock;
  let trail: RecordingAuditTrail;

  beforeEach(() => {
    store = new InMemorySecondFactorStore();
    store.enrolTotp(USER.id, SECRET, STEP - 5);
    limiter = new RecordingAttemptLimiter(3);
    clock = new FixedClock(NOW);
    trail = new RecordingAuditTrail();
  });

  function verify(checks?: ProofCheck[]): VerifySecondFactor {
    return new VerifySecondFactor(checks ?? [new CodeProofCheck(store, new FakeTotpCodes(), store)], limiter, clock, trail);
  }

  const code = (step: number): { kind: 'code'; code: string } => ({ kind: 'code', code: FakeTotpCodes.code(SECRET, step) });

  it('accepts the current step and one on either side as otp, and records the step', async () => {
    expect(await verify().execute({ user: USER, proof: code(STEP - 1) })).to.equal('otp');
    expect(store.totp.get(USER.id)?.lastStep).to.equal(STEP - 1);
    expect(await verify().execute({ user: USER, proof: code(STEP) })).to.equal('otp');
    expect(await verify().execute({ user: USER, proof: code(STEP + 1) })).to.equal('otp');
    expect(store.totp.get(USER.id)?.lastStep).to.equal(STEP + 1);
  });

  it('never remembers the address for a code, whatever the outcome, and says why it refused', async () => {
    await verify().execute({ user: USER, proof: code(STEP), address: '203.0.113.7' });
    const refused = await rejection(verify().execute({ user: USER, proof: { kind: 'code', code: 'x' }, address: '203.0.113.7' }));
    expect((refused as InvalidSecondFactorError).detail).to.equal('no factor of the user accepted the code');
    const broken: ProofCheck = {
      check: async () => {
        throw new StoreUnavailableError('down');
      },
    };
    await rejection(verify([broken]).execute({ user: USER, proof: code(STEP), address: '203.0.113.7' }));
    expect(limiter.settlements.map((settlement) => settlement.remember)).to.deep.equal([false, false]);
  });

  it('refuses a step two away', async () => {
    expect(await rejection(verify().execute({ user: USER, proof: code(STEP + 2) }))).to.be.instanceOf(InvalidSecondFactorError);
    expect(await rejection(verify().execute({ user: USER, proof: code(STEP - 2) }))).to.be.instanceOf(InvalidSecondFactorError);
  });

  it('refuses a step at or before the last accepted one (a replay)', async () => {
    await verify().execute({ user: USER, proof: code(STEP) });
    expect(await rejection(verify().execute({ user: USER, proof: code(STEP) }))).to.be.instanceOf(InvalidSecondFactorError);
    expect(await rejection(verify().execute({ user: USER, proof: code(STEP - 1) }))).to.be.instanceOf(InvalidSecondFactorError);
  });

  it('refuses a TOTP code of a user whose enrolment is still pending or absent', async () => {
    store.totp.set(USER.id, { factorId: 'f', secret: SECRET, confirmed: false, lastStep: null, createdAt: NOW });
    expect(await rejection(verify().execute({ user: USER, proof: code(STEP) }))).to.be.instanceOf(InvalidSecondFactorError);
    store.totp.clear();
    expect(await rejection(verify().execute({ user: USER, proof: code(STEP) }))).to.be.instanceOf(InvalidSecondFactorError);
  });

  it('refuses the step when the store finds it taken meanwhile (another instance accepted it)', async () => {
    const racing = Object.assign(Object.create(store) as InMemorySecondFactorStore, { acceptTotpStep: async () => false });
    const racingCheck = new CodeProofCheck(racing, new FakeTotpCodes(), store);
    expect(await rejection(verify([racingCheck]).execute({ user: USER, proof: code(STEP) }))).to.be.instanceOf(InvalidSecondFactorError);
  });

  it('accepts a recovery code once, typed in any form', async () => {
    await store.replaceRecoveryCodes(USER.id, ['ABCDEFGH27', 'ZZZZZZZZZZ']);
    expect(await verify().execute({ user: USER, proof: { kind: 'code', code: 'abcde-fgh27' } })).to.equal('otp');
    expect(await rejection(verify().execute({ user: USER, proof: { kind: 'code', code: 'ABCDE-FGH27' } }))).to.be.instanceOf(InvalidSecondFactorError);
    expect(await store.recoveryCodesLeft(USER.id)).to.equal(1);
  });

  it('refuses text that is neither a TOTP code nor a recovery code, and a proof of another kind', async () => {
    expect(await rejection(verify().execute({ user: USER, proof: { kind: 'code', code: 'hello' } }))).to.be.instanceOf(InvalidSecondFactorError);
    expect(await rejection(verify().execute({ user: USER, proof: { kind: 'passkey', assertion: {} } }))).to.be.instanceOf(InvalidSecondFactorError);
  });

  it('asks each check in turn and answers the first method accepted', async () => {
    const asked: string[] = [];
    const never: ProofCheck = { check: async () => (asked.push('never'), null) };
    const key: ProofCheck = { check: async () => (asked.push('key'), 'hwk') };
    expect(await verify([never, key, never]).execute({ user: USER, proof: { kind: 'passkey', assertion: {} } })).to.equal('hwk');
    expect(asked).to.deep.equal(['never', 'key']);
  });

  it('counts every attempt under the account login keys, gives back a success and keeps a failure', async () => {
    await verify().execute({ user: USER, proof: code(STEP), address: '203.0.113.7' });
    expect(limiter.events).to.deep.equal(['attempt address:203.0.113.7 account:alice', 'give back address:203.0.113.7', 'give back account:alice']);
    await verify()
      .execute({ user: USER, proof: code(STEP) })
      .catch(() => undefined);
    expect(limiter.count('account:alice')).to.equal(1);
  });

  it('spares no remembered address: a code from one still spends the account allowance', async () => {
    await limiter.remember('account:alice', '203.0.113.7');
    await verify()
      .execute({ user: USER, proof: { kind: 'code', code: '000000' }, address: '203.0.113.7' })
      .catch(() => undefined);
    expect(limiter.events).to.deep.equal(['remember account:alice 203.0.113.7', 'attempt address:203.0.113.7 account:alice']);
    expect(limiter.count('account:alice')).to.equal(1);
  });

  it('past the limit refuses the right code too, unchecked', async () => {
    for (let i = 0; i < 3; i++) await verify().execute({ user: USER, proof: { kind: 'code', code: '000000' } }).catch(() => undefined);
    const refusal = await verify()
      .execute({ user: USER, proof: code(STEP) })
      .catch((error: unknown) => error);
    expect(refusal).to.be.instanceOf(TooManyLoginAttemptsError);
    expect((refusal as TooManyLoginAttemptsError).retryAfterSeconds).to.equal(42);
    expect(store.totp.get(USER.id)?.lastStep).to.equal(STEP - 5);
  });

  it('gives the attempt back when a check fails for a reason of its own (a store outage)', async () => {
    const broken: ProofCheck = {
      check: async () => {
        throw new StoreUnavailableError('down');
      },
    };
    expect(await rejection(verify([broken]).execute({ user: USER, proof: code(STEP) }))).to.be.instanceOf(StoreUnavailableError);
    expect(limiter.count('account:alice')).to.equal(0);
  });

  it('records each outcome in the trail, with the kind of proof, why it was refused and never the code', async () => {
    await store.replaceRecoveryCodes(USER.id, ['ABCDEFGH27']);
    await verify().execute({ user: USER, proof: code(STEP) });
    await verify().execute({ user: USER, proof: { kind: 'code', code: 'ABCDE-FGH27' } });
    await verify().execute({ user: USER, proof: { kind: 'code', code: 'ABCDE-FGH27' } }).catch(() => undefined);
    await verify().execute({ user: USER, proof: { kind: 'passkey', assertion: {} } }).catch(() => undefined);
    await verify().execute({ user: USER, proof: { kind: 'code', code: 'hello' } }).catch(() => undefined);
    await verify().execute({ user: USER, proof: code(STEP + 1) }).catch(() => undefined);
    const subject = USER.id;
    const failed = (details: Record<string, unknown>) => ({ type: 'second_factor.failed', outcome: 'failure', account: USER.account, details: { subject, ...details } });
    expect(trail.events).to.deep.equal([
      { type: 'second_factor.succeeded', outcome: 'success', account: USER.account, details: { subject, method: 'totp', amr: 'otp' } },
      { type: 'second_factor.succeeded', outcome: 'success', account: USER.account, details: { subject, method: 'recovery_code', amr: 'otp' } },
      failed({ method: 'recovery_code', reason: 'wrong_proof' }),
      failed({ method: 'passkey', reason: 'wrong_proof' }),
      failed({ reason: 'wrong_proof' }),
      failed({ method: 'totp', reason: 'limited' }),
    ]);
    expect(JSON.stringify(trail.events)).to.not.include(code(STEP).code).and.not.include('FGH27');
  });
});
