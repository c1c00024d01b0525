import { createHash, timingSafeEqual } from 'node:crypto';
import type { CodeChallengeVerifier } from '../../domain/ports/CodeChallengeVerifier';

/** The S256 method of RFC 7636 (the only one offered: `plain` gives nothing against a stolen code). */
export class S256CodeChallengeVerifier implements CodeChallengeVerifier {
  matches(verifier: string, challenge: string): boolean {
    const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
    const expected = Buffer.from(challenge);
    return computed.length === expected.length && timingSafeEqual(computed, expected);
  }
}
