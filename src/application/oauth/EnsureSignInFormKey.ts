import type { SecretGenerator } from '../../domain/ports/SecretGenerator';
import type { SignInFormKeyStore } from '../../domain/ports/SignInFormKeyStore';

/** The shared key (at least 256 random bits, base64url). */
export type EnsureSignInFormKeyResult = string;

/**
 * Start-up: settle the key that signs the sign-in form's CSRF token. The key
 * recorded in the shared store wins; a new store records a fresh random one.
 * A per-process key would make one instance refuse the form another served.
 */
export class EnsureSignInFormKey {
  constructor(
    private readonly store: SignInFormKeyStore,
    private readonly secrets: SecretGenerator,
  ) {}

  async execute(): Promise<EnsureSignInFormKeyResult> {
    return this.store.recordKeyIfAbsent(this.secrets.next());
  }
}
