import { expect } from 'chai';
import { SecondFactorGate } from '../../../../src/application/secondFactor/SecondFactorGate';
import type { VerifySecondFactor, VerifySecondFactorInput } from '../../../../src/application/secondFactor/VerifySecondFactor';
import { TooManyLoginAttemptsError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../../../src/domain/model/AuthenticatedUser';
import { ACR_MFA, PASSWORD_ONLY } from '../../../../src/domain/model/AuthenticationLevel';
import type { SecondFactorMethod } from '../../../../src/domain/model/SecondFactor';
import { InvalidSecondFactorError, SecondFactorEnrolmentRequiredError, SecondFactorRequiredError } from '../../../../src/domain/secondFactorErrors';
import { InMemorySecondFactorStore } from '../../../support/InMemorySecondFactorStore';
import { rejection } from '../../../support/rejection';

const USER: AuthenticatedUser = { id: 'u1', account: 'alice', nickName: 'A', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };

/** Accepts `123456`, refuses anything else; records what it was asked. */
class ScriptedVerify implements Pick<VerifySecondFactor, 'execute'> {
  readonly asked: VerifySecondFactorInput[] = [];
  constructor(private readonly outcome: Error | null = null) {}
  async execute(input: VerifySecondFactorInput): Promise<SecondFactorMethod> {
    this.asked.push(input);
    if (this.outcome !== null) throw this.outcome;
    if (input.proof.kind === 'code' && input.proof.code === '123456') return 'otp';
    throw new InvalidSecondFactorError('wrong');
  }
}

describe('SecondFactorGate', () => {
  let store: InMemorySecondFactorStore;

  beforeEach(() => {
    store = new InMemorySecondFactorStore();
  });

  it('lets a user without a factor through on the password alone when the policy is optional', async () => {
    const verify = new ScriptedVerify();
    const gate = new SecondFactorGate(store, verify, 'optional');
    expect(await gate.nextStep(USER)).to.equal('none');
    expect(await gate.withCode(USER, undefined, undefined)).to.deep.equal(PASSWORD_ONLY);
    expect(await gate.withCode(USER, '999999', undefined)).to.deep.equal(PASSWORD_ONLY);
    expect(verify.asked).to.have.length(0);
  });

  it('sends a user without a factor to enrol when the policy requires one', async () => {
    const gate = new SecondFactorGate(store, new ScriptedVerify(), 'required');
    expect(await gate.nextStep(USER)).to.equal('enrol');
    expect(await rejection(gate.withCode(USER, '123456', undefined))).to.be.instanceOf(SecondFactorEnrolmentRequiredError);
  });

  it('asks an enrolled user for the factor under either policy', async () => {
    store.enrolTotp(USER.id, 'S');
    expect(await new SecondFactorGate(store, new ScriptedVerify(), 'optional').nextStep(USER)).to.equal('verify');
    expect(await new SecondFactorGate(store, new ScriptedVerify(), 'required').nextStep(USER)).to.equal('verify');
  });

  it('refuses an enrolled user without a code or with a wrong one as SecondFactorRequiredError', async () => {
    store.enrolTotp(USER.id, 'S');
    const gate = new SecondFactorGate(store, new ScriptedVerify(), 'optional');
    const none = await rejection(gate.withCode(USER, undefined, undefined));
    expect(none).to.be.instanceOf(SecondFactorRequiredError);
    expect((none as SecondFactorRequiredError).detail).to.equal('no second factor was sent');
    const wrong = await rejection(gate.withCode(USER, '000000', undefined));
    expect(wrong).to.be.instanceOf(SecondFactorRequiredError);
    expect((wrong as SecondFactorRequiredError).detail).to.equal('wrong');
  });

  it('answers mfa (pwd, otp) for the right code, passing the address to the limits', async () => {
    store.enrolTotp(USER.id, 'S');
    const verify = new ScriptedVerify();
    const gate = new SecondFactorGate(store, verify, 'optional');
    expect(await gate.withCode(USER, '123456', '203.0.113.7')).to.deep.equal({ amr: ['pwd', 'otp', 'mfa'], acr: ACR_MFA });
    expect(verify.asked).to.deep.equal([{ user: USER, proof: { kind: 'code', code: '123456' }, address: '203.0.113.7' }]);
    await gate.withCode(USER, '123456', undefined);
    expect(verify.asked[1]).to.not.have.property('address');
  });

  it('lets other refusals (the limits) through as they are', async () => {
    store.enrolTotp(USER.id, 'S');
    const gate = new SecondFactorGate(store, new ScriptedVerify(new TooManyLoginAttemptsError(9)), 'optional');
    expect(await rejection(gate.withCode(USER, '123456', undefined))).to.be.instanceOf(TooManyLoginAttemptsError);
  });
});
