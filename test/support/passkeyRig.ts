import { PasskeyAssertionCheck } from '../../src/application/passkeys/PasskeyAssertionCheck';
import type { PasskeyCeremonyParts } from '../../src/application/passkeys/PasskeyCeremonies';
import { FakeWebAuthnCeremonies, TEST_RP } from './FakeWebAuthnCeremonies';
import { FixedClock } from './FixedClock';
import { InMemoryCeremonyChallengeStore } from './InMemoryCeremonyChallengeStore';
import { InMemoryPasskeyStore } from './InMemoryPasskeyStore';

/** The fakes every passkey use case test starts from, one set per test. */
export function passkeyRig(clock: FixedClock = new FixedClock('2026-01-01T00:00:00Z')) {
  const challenges = new InMemoryCeremonyChallengeStore();
  const ceremonies = new FakeWebAuthnCeremonies();
  const parts: PasskeyCeremonyParts = { rp: { ...TEST_RP }, ceremonies, challenges };
  const store = new InMemoryPasskeyStore();
  return { parts, ceremonies, challenges, store, clock, assertions: new PasskeyAssertionCheck(parts, store) };
}
