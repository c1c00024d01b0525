import type { CodeChallengeVerifier } from '../../src/domain/ports/CodeChallengeVerifier';

/** A verifier answers the challenge `S256(<verifier>)`: readable in tests, without hashing. Records every check. */
export class FakeCodeChallengeVerifier implements CodeChallengeVerifier {
  readonly checked: Array<{ verifier: string; challenge: string }> = [];

  static challengeFor(verifier: string): string {
    return `S256(${verifier})`;
  }

  matches(verifier: string, challenge: string): boolean {
    this.checked.push({ verifier, challenge });
    return FakeCodeChallengeVerifier.challengeFor(verifier) === challenge;
  }
}
