import { RecordingAuditTrail } from './RecordingAuditTrail';
import { CodeProofCheck } from '../../src/application/secondFactor/CodeProofCheck';
import { ConfirmTotpEnrolment } from '../../src/application/secondFactor/ConfirmTotpEnrolment';
import { GenerateRecoveryCodes } from '../../src/application/secondFactor/GenerateRecoveryCodes';
import { SecondFactorGate } from '../../src/application/secondFactor/SecondFactorGate';
import { SecondFactorStep } from '../../src/application/secondFactor/SecondFactorStep';
import { StartTotpEnrolment } from '../../src/application/secondFactor/StartTotpEnrolment';
import { VerifySecondFactor } from '../../src/application/secondFactor/VerifySecondFactor';
import type { SecondFactorPolicy } from '../../src/domain/model/SecondFactor';
import { PasskeyProofCheck } from '../../src/application/passkeys/PasskeyProofCheck';
import { passkeyRig } from './passkeyRig';
import type { FixedClock } from './FixedClock';
import { FakeTotpCodes } from './FakeTotpCodes';
import { InMemorySecondFactorStore } from './InMemorySecondFactorStore';
import { RecordingAttemptLimiter } from './RecordingAttemptLimiter';
import { SequenceIdGenerator } from './SequenceIdGenerator';
import { SequenceRecoveryCodes } from './SequenceRecoveryCodes';
import { TextQrCodeRenderer } from './TextQrCodeRenderer';

export interface SecondFactorFixture {
  readonly step: SecondFactorStep;
  readonly store: InMemorySecondFactorStore;
  readonly limiter: RecordingAttemptLimiter;
  /** The passkey fakes the step's passkey check runs on. */
  readonly passkeys: ReturnType<typeof passkeyRig>;
}

/** The second-factor step on fakes (FakeTotpCodes: codes a test computes), as the service wires it. */
export function buildSecondFactorStep(clock: FixedClock, options: { readonly policy?: SecondFactorPolicy; readonly limit?: number } = {}): SecondFactorFixture {
  const store = new InMemorySecondFactorStore();
  const limiter = new RecordingAttemptLimiter(options.limit);
  const codes = new FakeTotpCodes();
  const passkeys = passkeyRig(clock);
  const verify = new VerifySecondFactor([new CodeProofCheck(store, codes, store), new PasskeyProofCheck(passkeys.assertions)], limiter, clock, new RecordingAuditTrail());
  const gate = new SecondFactorGate(store, verify, options.policy ?? 'optional');
  const start = new StartTotpEnrolment(store, codes, new TextQrCodeRenderer(), new SequenceIdGenerator(), clock, 'auth.example');
  const confirm = new ConfirmTotpEnrolment(store, codes, store, new GenerateRecoveryCodes(store, new SequenceRecoveryCodes(), clock), limiter, clock);
  return { step: new SecondFactorStep(gate, verify, start, confirm), store, limiter, passkeys };
}
