import { expect } from 'chai';
import { ConfirmTotpEnrolment } from '../../../../src/application/secondFactor/ConfirmTotpEnrolment';
import { GenerateRecoveryCodes } from '../../../../src/application/secondFactor/GenerateRecoveryCodes';
import { StartTotpEnrolment } from '../../../../src/application/secondFactor/StartTotpEnrolment';
import { TooManyLoginAttemptsError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../../../src/domain/model/AuthenticatedUser';
import { InvalidSecondFactorError, TotpEnrolmentStateError } from '../../../../src/domain/secondFactorErrors';
import { FakeTotpCodes } from '../../../support/FakeTotpCodes';
import { FixedClock } from '../../../support/FixedClock';
import { InMemorySecondFactorStore } from '../../../support/InMemorySecondFactorStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { rejection } from '../../../support/rejection';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { SequenceRecoveryCodes } from '../../../support/SequenceRecoveryCodes';
import { TextQrCodeRenderer } from '../../../support/TextQrCodeRenderer';

const USER: AuthenticatedUser = { id: 'u1', account: 'alice', nickName: 'A', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const NOW = new Date('2026-01-01T00:00:10Z');
const STEP = Math.floor(NOW.getTime() / 30000);

describe('TOTP enrolment', () => {
  let store: InMemorySecondFactorStore;
  let clock: FixedClock;
  let limiter: RecordingAttemptLimiter;
  let start: StartTotpEnrolment;
  let confirm: ConfirmTotpEnrolment;

  beforeEach(() => {
    store = new InMemorySecondFactorStore();
    clock = new FixedClock(NOW);
    limiter = new RecordingAttemptLimiter(2);
    start = new StartTotpEnrolment(store, new FakeTotpCodes(), new TextQrCodeRenderer(), new SequenceIdGenerator(), clock, 'auth.example');
    const generate = new GenerateRecoveryCodes(store, new SequenceRecoveryCodes(), clock);
    confirm = new ConfirmTotpEnrolment(store, new FakeTotpCodes(), store, generate, limiter, clock);
  });

  it('starts with a secret, its otpauth URI and the URI as a QR code, pending and no factor yet', async () => {
    const started = await start.execute({ user: USER });
    expect(started).to.deep.equal({
      secret: 'SECRET1',
      uri: 'otpauth://totp/auth.example:alice?secret=SECRET1&issuer=auth.example',
      qrSvg: '<svg data-text="otpauth://totp/auth.example:alice?secret=SECRET1&issuer=auth.example"></svg>',
    });
    expect(store.totp.get(USER.id)).to.deep.equal({ factorId: 'id-1', secret: 'SECRET1', confirmed: false, lastStep: null, createdAt: NOW });
    expect(await store.listOf(USER.id)).to.deep.equal([]);
  });

  it('confirms only with a correct code, recording its step so it cannot sign in again, and hands out ten recovery codes', async () => {
    await start.execute({ user: USER });
    expect(await rejection(confirm.execute({ user: USER, code: FakeTotpCodes.code('SECRET1', STEP + 2) }))).to.be.instanceOf(InvalidSecondFactorError);
    expect(await rejection(confirm.execute({ user: USER, code: 'nope' }))).to.be.instanceOf(InvalidSecondFactorError);
    expect(store.totp.get(USER.id)?.confirmed).to.equal(false);
    limiter = new RecordingAttemptLimiter();
    const result = await new ConfirmTotpEnrolment(store, new FakeTotpCodes(), store, new GenerateRecoveryCodes(store, new SequenceRecoveryCodes(), clock), limiter, clock).execute({
      user: USER,
      code: FakeTotpCodes.code('SECRET1', STEP + 1),
      address: '203.0.113.7',
    });
    expect(store.totp.get(USER.id)).to.include({ confirmed: true, lastStep: STEP + 1 });
    expect(result.recoveryCodes).to.have.length(10);
    expect(result.recoveryCodes![0]).to.equal('AAAAA-AAAAB');
    expect(limiter.events).to.deep.equal(['attempt address:203.0.113.7 account:alice', 'give back address:203.0.113.7', 'give back account:alice']);
    expect((await store.listOf(USER.id)).map((factor) => factor.kind)).to.deep.equal(['totp']);
  });

  it('never remembers the address, says why it refused, and never computes a code for text of no code shape', async () => {
    await start.execute({ user: USER });
    const matched: string[] = [];
    const codes = new FakeTotpCodes();
    const spying = { matchStep: (secret: string, code: string, at: Date) => (matched.push(code), codes.matchStep(secret, code, at)) };
    const confirming = new ConfirmTotpEnrolment(store, spying, store, new GenerateRecoveryCodes(store, new SequenceRecoveryCodes(), clock), limiter, clock);
    const wrong = await rejection(confirming.execute({ user: USER, code: 'nope' }));
    expect((wrong as InvalidSecondFactorError).detail).to.equal('the enrolment code is wrong or the enrolment changed');
    expect(matched).to.deep.equal([]);
    await confirming.execute({ user: USER, code: FakeTotpCodes.code('SECRET1', STEP) });
    expect(limiter.settlements).to.deep.equal([{ giveBack: ['account:alice'], remember: false }]);
    const again = await rejection(confirming.execute({ user: USER, code: '000000' }));
    expect((again as TotpEnrolmentStateError).message).to.equal('no TOTP enrolment is pending');
    expect((await rejection(start.execute({ user: USER }))) as Error).to.have.property('message', 'the user holds a TOTP factor already');
  });

  it('shows the pending enrolment again when asked to keep it, without starting it over', async () => {
    const first = await start.execute({ user: USER });
    const again = await start.execute({ user: USER, keepPending: true });
    expect(again.secret).to.equal(first.secret);
    expect(store.totp.get(USER.id)?.factorId).to.equal('id-1');
  });

  it('keeps the recovery codes a user still has', async () => {
    await store.replaceRecoveryCodes(USER.id, ['ZZZZZZZZZZ']);
    await start.execute({ user: USER });
    expect((await confirm.execute({ user: USER, code: FakeTotpCodes.code('SECRET1', STEP) })).recoveryCodes).to.equal(null);
    expect(await store.recoveryCodesLeft(USER.id)).to.equal(1);
  });

  it('counts wrong confirmation codes under the login limits and refuses the right one past them', async () => {
    await start.execute({ user: USER });
    for (let i = 0; i < 2; i++) await confirm.execute({ user: USER, code: '000000' }).catch(() => undefined);
    const refusal = await rejection(confirm.execute({ user: USER, code: FakeTotpCodes.code('SECRET1', STEP) }));
    expect(refusal).to.be.instanceOf(TooManyLoginAttemptsError);
    expect(store.totp.get(USER.id)?.confirmed).to.equal(false);
  });

  it('refuses to confirm with nothing pending, and to start over a confirmed factor', async () => {
    expect(await rejection(confirm.execute({ user: USER, code: '000000' }))).to.be.instanceOf(TotpEnrolmentStateError);
    store.enrolTotp(USER.id, 'S');
    expect(await rejection(start.execute({ user: USER }))).to.be.instanceOf(TotpEnrolmentStateError);
    expect(await rejection(confirm.execute({ user: USER, code: '000000' }))).to.be.instanceOf(TotpEnrolmentStateError);
    expect(limiter.events).to.deep.equal([]);
  });

  it('refuses the code when the enrolment was started over meanwhile (the store refuses the old factor)', async () => {
    await start.execute({ user: USER });
    const swapped = Object.assign(Object.create(store) as InMemorySecondFactorStore, { confirmTotp: async () => false });
    const racing = new ConfirmTotpEnrolment(swapped, new FakeTotpCodes(), store, new GenerateRecoveryCodes(store, new SequenceRecoveryCodes(), clock), limiter, clock);
    expect(await rejection(racing.execute({ user: USER, code: FakeTotpCodes.code('SECRET1', STEP) }))).to.be.instanceOf(InvalidSecondFactorError);
  });

  it('starts over a pending enrolment with a new secret', async () => {
    await start.execute({ user: USER });
    await start.execute({ user: USER });
    expect(store.totp.get(USER.id)).to.include({ secret: 'SECRET2', factorId: 'id-2', confirmed: false });
  });
});

describe('GenerateRecoveryCodes', () => {
  it('replaces every earlier code with ten new ones, stored normalised and answered as typed', async () => {
    const store = new InMemorySecondFactorStore();
    await store.replaceRecoveryCodes(USER.id, ['ZZZZZZZZZZ']);
    const codes = await new GenerateRecoveryCodes(store, new SequenceRecoveryCodes(), new FixedClock(NOW)).execute({ user: USER });
    expect(codes).to.have.length(10);
    expect(codes[9]).to.equal('AAAAA-AAAAK');
    expect([...store.recovery.get(USER.id)!]).to.deep.equal(codes.map((code) => code.replace('-', '')));
  });

  it('never hands out the same code twice in one set', async () => {
    const store = new InMemorySecondFactorStore();
    const codes = await new GenerateRecoveryCodes(store, new SequenceRecoveryCodes(['AAAAA-AAAAB']), new FixedClock(NOW)).execute({ user: USER });
    expect(new Set(codes).size).to.equal(10);
    expect(await store.recoveryCodesLeft(USER.id)).to.equal(10);
  });
});
