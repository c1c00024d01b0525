import { ClientUnauthorizedError, type DomainError, KeyDistributionForbiddenError, TooManyKeyRequestsError } from '../domain/errors';
import type { SignMethod } from '@auth-service/client';
import { knownSourceKey, type AttemptLimiter } from '../domain/ports/AttemptLimiter';
import type { ClientRegistry } from '../domain/ports/ClientRegistry';

/** Builds the refusal for an attempt over its limit (it carries Retry-After). */
export type RefusalFactory = (retryAfterSeconds: number) => DomainError;

/** A request that may present a client secret, from `begin`. */
export interface ClientAttempt {
  readonly address: string | undefined;
  /** The request failed without a secret check (malformed, wrong bearer): counted against the address; throws the refusal when it is over its limit. */
  failed(): Promise<void>;
  /** The request needed no secret (it carried the token itself): it guessed nothing, so nothing counts or refuses it. */
  succeeded(): Promise<void>;
}

/**
 * The guessing limits of every client secret check (key endpoint, key list,
 * revocation feed, token endpoint, revocation endpoint), on one shared count.
 * Each check counts against the client address and the appId before it runs
 * (given back when the secret is right); over either limit the secret is not
 * evaluated at all, so the right secret gets the same refusal as a wrong one
 * (no oracle). An address that recently presented the right secret for that
 * appId is remembered and spends an allowance of its own instead, so guessing
 * from elsewhere, or from the same address, cannot lock the real client out.
 */
export class ClientSecretGuard {
  constructor(
    private readonly clients: ClientRegistry,
    private readonly attempts: AttemptLimiter,
    private readonly refusal: RefusalFactory = (seconds) => new TooManyKeyRequestsError(seconds),
  ) {}

  /** Starts a request from `address`; what it counts against depends on what it presents (`check`, `failed`). */
  async begin(address: string | undefined): Promise<ClientAttempt> {
    return {
      address,
      failed: async () => {
        const counted = await this.attempts.reserve(address ? [`address:${address}`] : []);
        if (counted.retryAfterSeconds !== null) throw this.refusal(counted.retryAfterSeconds);
        await counted.failed();
      },
      succeeded: async () => undefined,
    };
  }

  /**
   * Checks the secret of a request from `begin`, unless its address or the
   * appId is over its limit (then the refusal, unevaluated). Right: the
   * attempt is given back and the address remembered for the appId. Wrong:
   * it stays counted and ClientUnauthorizedError. An empty registry knows no client.
   */
  async check(attempt: ClientAttempt, appId: string, appSecret: string): Promise<void> {
    const subject = `app:${appId}`;
    const { address } = attempt;
    const known = address !== undefined && (await this.attempts.knows(subject, address));
    const keys = address === undefined ? [subject] : known ? [knownSourceKey(subject, address)] : [`address:${address}`, subject];
    const reservation = await this.attempts.reserve(keys);
    if (reservation.retryAfterSeconds !== null) throw this.refusal(reservation.retryAfterSeconds);
    if (!(await this.clients.isEmpty()) && (await this.clients.verify(appId, appSecret))) {
      await reservation.succeeded();
      if (address !== undefined && !known) await this.attempts.remember(subject, address);
      return;
    }
    await reservation.failed();
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
