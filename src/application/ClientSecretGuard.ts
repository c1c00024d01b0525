import { ClientUnauthorizedError, type DomainError, KeyDistributionForbiddenError, TooManyKeyRequestsError } from '@auth-service/client/internal/domain/errors';
import type { SignMethod } from '@auth-service/client/internal/domain/model/SignMethod';
import type { AttemptLimiter, AttemptReservation } from '../domain/ports/AttemptLimiter';
import type { ClientRegistry } from '../domain/ports/ClientRegistry';

/** Builds the refusal for an attempt over its limit (it carries Retry-After). */
export type RefusalFactory = (retryAfterSeconds: number) => DomainError;

/**
 * The guessing limits of every client secret check (key endpoint, key list,
 * revocation feed, token endpoint, revocation endpoint), on one shared count:
 * each check counts against the client address before it runs (given back
 * when the secret is right), and each wrong secret also against the appId. An
 * address over its limit is refused unchecked; a wrong secret for an appId
 * over its limit is refused too, while the right secret is still accepted, so
 * guessing cannot lock a real client out.
 */
export class ClientSecretGuard {
  constructor(
    private readonly clients: ClientRegistry,
    private readonly attempts: AttemptLimiter,
    private readonly refusal: RefusalFactory = (seconds) => new TooManyKeyRequestsError(seconds),
  ) {}

  /** Counts one attempt for the address; throws the refusal when it is over its limit. */
  async begin(address: string | undefined): Promise<AttemptReservation> {
    const attempt = await this.attempts.reserve(address ? [`address:${address}`] : []);
    if (attempt.retryAfterSeconds !== null) throw this.refusal(attempt.retryAfterSeconds);
    return attempt;
  }

  /**
   * Checks the secret under an attempt from `begin`: gives the attempt back
   * when right; otherwise counts it against the appId too and throws
   * ClientUnauthorizedError (or the refusal when the appId is over its limit).
   * An empty registry knows no client.
   */
  async check(attempt: AttemptReservation, appId: string, appSecret: string): Promise<void> {
    if (!(await this.clients.isEmpty()) && (await this.clients.verify(appId, appSecret))) {
      await attempt.succeeded();
      return;
    }
    await attempt.failed();
    const byClient = await this.attempts.reserve([`app:${appId}`]);
    await byClient.failed();
    if (byClient.retryAfterSeconds !== null) throw this.refusal(byClient.retryAfterSeconds);
    throw new ClientUnauthorizedError();
  }

  /** `begin` then `check`: the whole guarded check of one presented secret. */
  async authenticate(appId: string, appSecret: string, address: string | undefined): Promise<void> {
    await this.check(await this.begin(address), appId, appSecret);
  }

  /** The guarded check when clients are registered; without any there is no secret to guess (the seed's open key endpoint). */
  async authenticateIfRegistered(appId: string, appSecret: string, address: string | undefined): Promise<void> {
    if (!(await this.clients.isEmpty())) await this.authenticate(appId, appSecret, address);
  }

  /**
   * The rule of every endpoint that hands out verification keys: an hmac
   * "public key" is the signing secret itself, so it goes to registered
   * clients only; otherwise as `authenticateIfRegistered`.
   */
  async admitKeyRequest(method: SignMethod, appId: string, appSecret: string, address: string | undefined): Promise<void> {
    if (method === 'hmac' && (await this.clients.isEmpty())) throw new KeyDistributionForbiddenError();
    await this.authenticateIfRegistered(appId, appSecret, address);
  }
}
