import { CheckDpopProof } from '../../application/CheckDpopProof';
import type { Clock } from '../../domain/ports/Clock';
import { InMemoryProofReplayCache } from '../../infrastructure/cache/InMemoryProofReplayCache';
import { NodeDpopProofReader } from '../../infrastructure/crypto/NodeDpopProofReader';

/**
 * The DPoP proof check every way in uses (RFC 9449 §4.3): node:crypto signatures over the pinned algorithms
 * and a replay cache in this process's memory, bounded in size. A host that builds its own `GetCurrentUser`
 * passes it as the fourth argument, so DPoP-bound tokens are accepted with their proof.
 */
export function dpopProofCheck(clock: Clock): CheckDpopProof {
  return new CheckDpopProof(new NodeDpopProofReader(), new InMemoryProofReplayCache(), clock);
}
