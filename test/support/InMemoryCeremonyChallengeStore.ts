import type { CeremonyChallengeStore } from '../../src/domain/ports/CeremonyChallengeStore';

/** Challenges in a map, taken once, as the shared store keeps them. */
export class InMemoryCeremonyChallengeStore implements CeremonyChallengeStore {
  readonly challenges = new Map<string, { challenge: string; expiresAt: Date }>();

  async putChallenge(binding: string, challenge: string, expiresAt: Date): Promise<void> {
    this.challenges.set(binding, { challenge, expiresAt });
  }

  async takeChallenge(binding: string, at: Date): Promise<string | null> {
    const kept = this.challenges.get(binding);
    this.challenges.delete(binding);
    if (kept === undefined || kept.expiresAt.getTime() <= at.getTime()) return null;
    return kept.challenge;
  }

  async purgeChallenges(at: Date): Promise<void> {
    for (const [binding, kept] of this.challenges) if (kept.expiresAt.getTime() <= at.getTime()) this.challenges.delete(binding);
  }
}
