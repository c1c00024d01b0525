import { expect } from 'chai';
import { secondFactorAttemptPlan } from '../../../../src/application/login/loginAttemptPlan';
import { checkAcrValues } from '../../../../src/application/oauth/authorization/checkAcrValues';
import type { AuthorizationDraft, AuthorizationParameters } from '../../../../src/application/oauth/authorization/AuthorizationParameters';
import { interactionRequired, wantedAcr } from '../../../../src/application/oauth/prompts/levelPrompt';
import { CodeProofCheck, isAfter } from '../../../../src/application/secondFactor/CodeProofCheck';
import { factorRefusalOf, SecondFactorStep } from '../../../../src/application/secondFactor/SecondFactorStep';
import { TooManyLoginAttemptsError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { ACR_MFA, ACR_PASSWORD, ACR_PHISHING_RESISTANT, ACR_VALUES } from '../../../../src/domain/model/AuthenticationLevel';
import { InvalidSecondFactorError } from '../../../../src/domain/secondFactorErrors';
import { FakeTotpCodes } from '../../../support/FakeTotpCodes';
import { registeredClient } from '../../../support/oauthClients';

const USER = { id: 'u1', account: 'alice', nickName: 'A', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const AT = new Date('2026-01-01T00:00:10Z');
const STEP = Math.floor(AT.getTime() / 30000);
const CLIENT = registeredClient({ id: 'web', kind: 'public', redirectUris: ['https://web.example/cb'] });

describe('second factor rules', () => {
  it('names the levels by their URNs, lowest first', () => {
    expect(ACR_VALUES).to.deep.equal(['urn:auth-service:acr:password', 'urn:auth-service:acr:mfa', 'urn:auth-service:acr:phishing-resistant']);
  });

  it('reads acr_values into the request: the lowest known level; unknown or absent values ask for nothing', () => {
    const read = (acr_values?: string): AuthorizationDraft => {
      const draft: AuthorizationDraft = {};
      checkAcrValues({ client: CLIENT, parameters: { acr_values } as AuthorizationParameters, pkce: 'default' }, draft);
      return draft;
    };
    expect(read(`other  ${ACR_PHISHING_RESISTANT} ${ACR_MFA}`)).to.deep.equal({ acr: ACR_MFA });
    expect(read('other')).to.deep.equal({});
    expect(read(undefined)).to.deep.equal({});
  });

  it('wants the higher of the request and the client registration, a password by default', () => {
    expect(wantedAcr({}, {})).to.equal(ACR_PASSWORD);
    expect(wantedAcr({ requireAcr: ACR_MFA }, {})).to.equal(ACR_MFA);
    expect(wantedAcr({}, { acr: ACR_MFA })).to.equal(ACR_MFA);
    expect(wantedAcr({ requireAcr: ACR_MFA }, { acr: ACR_PHISHING_RESISTANT })).to.equal(ACR_PHISHING_RESISTANT);
    expect(interactionRequired('enrol_factor')).to.deep.include({ error: 'interaction_required', description: 'the user must enrol a second factor' });
  });

  it('counts a second-factor guess against the address and the account, or the account alone', () => {
    expect(secondFactorAttemptPlan('Alice', '203.0.113.7')).to.deep.equal({ subject: 'account:alice', otherwise: ['address:203.0.113.7', 'account:alice'] });
    expect(secondFactorAttemptPlan('Alice', undefined)).to.deep.equal({ subject: 'account:alice', otherwise: ['account:alice'] });
  });

  it('takes a step only after the last accepted one', () => {
    expect(isAfter(5, null)).to.equal(true);
    expect(isAfter(0, null)).to.equal(true);
    expect(isAfter(6, 5)).to.equal(true);
    expect(isAfter(5, 5)).to.equal(false);
    expect(isAfter(4, 5)).to.equal(false);
  });

  it('refuses a replayed step itself, whatever the store would accept, and asks the stores nothing for text of no code shape', async () => {
    const asked: string[] = [];
    const lenient = {
      findTotp: async () => ({ factorId: 'f', secret: 'S', confirmed: true, lastStep: STEP, createdAt: AT }),
      acceptTotpStep: async () => (asked.push('accept'), true),
    };
    const recovery = { useRecoveryCode: async () => (asked.push('recovery'), true) };
    const check = new CodeProofCheck(lenient, new FakeTotpCodes(), recovery);
    expect(await check.check(USER, { kind: 'code', code: FakeTotpCodes.code('S', STEP) }, AT)).to.equal(null);
    expect(await check.check(USER, { kind: 'code', code: FakeTotpCodes.code('S', STEP - 1) }, AT)).to.equal(null);
    expect(await check.check(USER, { kind: 'code', code: 'not a code' }, AT)).to.equal(null);
    expect(asked).to.deep.equal([]);
    expect(await check.check(USER, { kind: 'code', code: FakeTotpCodes.code('S', STEP + 1) }, AT)).to.equal('otp');
    expect(asked).to.deep.equal(['accept']);
  });

  it('refuses a wrong code of a user who never used one, asking the store nothing', async () => {
    const asked: string[] = [];
    const fresh = {
      findTotp: async () => ({ factorId: 'f', secret: 'S', confirmed: true, lastStep: null, createdAt: AT }),
      acceptTotpStep: async () => (asked.push('accept'), true),
    };
    const check = new CodeProofCheck(fresh, new FakeTotpCodes(), { useRecoveryCode: async () => true });
    expect(await check.check(USER, { kind: 'code', code: '999999' }, AT)).to.equal(null);
    expect(asked).to.deep.equal([]);
  });

  it('hands the address to the checks only when known, and maps refusals to the page', async () => {
    const inputs: object[] = [];
    const step = new SecondFactorStep(
      { nextStep: async () => 'verify' },
      { execute: async (input) => (inputs.push(input), 'otp') },
      { execute: async () => ({ secret: 's', uri: 'u', qrSvg: '<svg/>' }) },
      { execute: async (input) => (inputs.push(input), { recoveryCodes: null }) },
    );
    await step.prove(USER, '123456', '203.0.113.7');
    await step.prove(USER, '123456', undefined);
    await step.confirmEnrolment(USER, '123456', '203.0.113.7');
    await step.confirmEnrolment(USER, '123456', undefined);
    expect(inputs.map((input) => 'address' in input)).to.deep.equal([true, false, true, false]);
    expect(inputs[0]).to.deep.include({ address: '203.0.113.7' });
    expect(inputs[2]).to.deep.include({ address: '203.0.113.7' });
    expect(factorRefusalOf(new InvalidSecondFactorError())).to.deep.equal({ error: 'wrong' });
    expect(factorRefusalOf(new TooManyLoginAttemptsError(9))).to.deep.equal({ error: 'busy', retryAfterSeconds: 9 });
    expect(factorRefusalOf(new Error('other'))).to.equal(null);
  });
});
