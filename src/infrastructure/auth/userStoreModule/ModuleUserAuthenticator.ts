import { InvalidCredentialsError } from '../../../domain/errors';
import type { AuthenticatedUser } from '../../../domain/model/AuthenticatedUser';
import type { UserAuthenticator } from '../../../domain/ports/UserAuthenticator';
import type { Logger } from '@auth-service/client';
import type { BoundedPasswordHasher } from '../BoundedPasswordHasher';
import { MODULE_ANSWER_TIMEOUT_MS, moduleAnswer } from './moduleAnswer';
import type { UserStoreModuleSource } from './UserStoreModuleSource';

/** The bound the password hashes share (BoundedPasswordHasher's): a module's check is password work too. */
export type PasswordWorkGate = Pick<BoundedPasswordHasher, 'gated'>;

/**
 * Logs users in against a team's own user store (AUTH_USER_STORE=module:…).
 * The Login use case wraps it as it wraps the built-in store: attempt limits
 * per address and per folded account name, the login capacity, one answer for
 * every failure; here the module's call runs under the hashing bound, `null`
 * becomes the one InvalidCredentialsError, and anything else than a
 * well-formed user or null is a store outage (see moduleAnswer).
 */
export class ModuleUserAuthenticator implements UserAuthenticator {
  constructor(
    private readonly source: Pick<UserStoreModuleSource, 'module'>,
    private readonly gate: PasswordWorkGate,
    private readonly logger: Logger,
    private readonly timeoutMs = MODULE_ANSWER_TIMEOUT_MS,
  ) {}

  /** Resolves once the module is loaded and its exports checked; rejects with UserStoreModuleLoadError naming it otherwise. */
  async ready(): Promise<void> {
    await this.source.module();
  }

  async authenticate(username: string, password: string): Promise<AuthenticatedUser> {
    const store = await this.source.module();
    const found = await this.gate.gated(() => moduleAnswer(store, 'authenticate', () => store.authenticate(username, password), { logger: this.logger, secret: password, timeoutMs: this.timeoutMs }));
    if (found === null) throw new InvalidCredentialsError();
    return found.user;
  }
}
