import { ClientUnauthorizedError, type DomainError, KeyDistributionForbiddenError, TooManyKeyRequestsError } from '../../domain/errors';
import type { SignMethod } from '@auth-service/client';
import { knownSourceKey, type AttemptLimiter, type AttemptReservation } from '../../domain/ports/AttemptLimiter';
import type { ClientRegistry, SecretOwner } from '../../domain/ports/ClientRegistry';
import { ChecksInFlightHere } from './ChecksInFlightHere';

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
 *
 * From an address not known for the appId, a check counts against the address
 * and the appId before it runs (given back when the secret is right); over
 * either limit the secret is not evaluated at all, so the right secret gets
 * the same refusal as a wrong one (no oracle). The first right secret from an
 * address remembers it for the appId; a check refused while checks of the
 * same appId and address are under way in this process waits for them, and
 * if one of them proved the address right it is checked as from a known address
 * (so a client's very first burst is served; an attacker learns nothing, since
 * only a right secret it already sent can make its address known).
 *
 * From a known address the secret is evaluated first: the right one counts
 * nothing and is never refused, so overlapping requests of the real client
 * never use up anything and guessing from its address cannot lock it out;
 * a wrong one counts against the address's own allowance for the appId, apart
 * from everyone else's guesses (401 within it, 429 over it). Whoever shares the
 * client's address (a NAT) thus learns right from wrong at that address; the
 * no-oracle rule holds for every other address, and the secrets it could
 * guess are the strong ones production requires (a generated secret is 256 bits).
 */
export class ClientSecretGuard {
  constructor(
    private readonly clients: ClientRegistry,
    private readonly attempts: AttemptLimiter,
    private readonly refusal: RefusalFactory = (seconds) => new TooManyKeyRequestsError(seconds),
    /**
     * Checks under way here, per appId and address: what a refused check of a new address waits for. Guards on
     * one limit (whatever registry each checks against) share it, so a check at one waits for a check at another.
     */
    private readonly inFlight = new ChecksInFlightHere(),
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
   * Checks the secret of a request from `begin` under the limits above. Right:
   * returns whose secret it is, with the registration read alongside it (and
   * remembers the address for the appId). Wrong: ClientUnauthorizedError, or
   * the refusal when that took it over a limit. Over a limit before: the
   * refusal. Whether any client is registered is not asked: an empty registry
   * verifies no secret anyway.
   */
  async check(attempt: ClientAttempt, appId: string, appSecret: string): Promise<SecretOwner> {
    return this.checkProof(attempt, appId, () => this.clients.verify(appId, appSecret));
  }

  /**
   * As `check`, for any proof of the client's identity besides a secret (a private_key_jwt assertion):
   * `proof` answers whose it is, or null when it does not hold; counted and refused exactly as a secret.
   */
  async authenticateWith(appId: string, proof: () => Promise<SecretOwner | null>, address: string | undefined): Promise<SecretOwner> {
    return this.checkProof(await this.begin(address), appId, proof);
  }

  private async checkProof(attempt: ClientAttempt, appId: string, proof: () => Promise<SecretOwner | null>): Promise<SecretOwner> {
    const subject = `app:${appId}`;
    const { address } = attempt;
    if (address === undefined) return this.checkCounted(await this.attempts.reserve([subject]), proof);
    const leave = this.inFlight.enter(`${subject}@${address}`);
    try {
      if (await this.attempts.knows(subject, address)) return await this.checkKnown(subject, address, proof);
      const reservation = await this.attempts.reserve([`address:${address}`, subject]);
      if (reservation.retryAfterSeconds === null) {
        const owner = await this.checkCounted(reservation, proof);
        await this.attempts.remember(subject, address);
        return owner;
      }
      // Settled before waiting, so that checks never wait for each other in a circle.
      leave();
      await this.inFlight.settled(`${subject}@${address}`);
      if (!(await this.attempts.knows(subject, address))) throw this.refusal(reservation.retryAfterSeconds);
      // A check under way proved the address right: this one is a known address's, not a guess against the shared counts.
      await reservation.succeeded();
      return await this.checkKnown(subject, address, proof);
    } finally {
      leave();
    }
  }

  /** Counted before: evaluated, given back when right, left counted when wrong. */
  private async checkCounted(reservation: AttemptReservation, proof: () => Promise<SecretOwner | null>): Promise<SecretOwner> {
    if (reservation.retryAfterSeconds !== null) throw this.refusal(reservation.retryAfterSeconds);
    const owner = await proof();
    if (owner !== null) {
      await reservation.succeeded();
      return owner;
    }
    await reservation.failed();
    throw new ClientUnauthorizedError();
  }

  /** Evaluated first: right counts nothing, wrong counts against the known address's own allowance. */
  private async checkKnown(subject: string, address: string, proof: () => Promise<SecretOwner | null>): Promise<SecretOwner> {
    const allowance = knownSourceKey(subject, address);
    // The client's own address is never refused its right secret, whatever was guessed from there.
    const owner = await proof();
    if (owner !== null) return owner;
    const counted = await this.attempts.reserve([allowance]);
    await counted.failed();
    if (counted.retryAfterSeconds !== null) throw this.refusal(counted.retryAfterSeconds);
    throw new ClientUnauthorizedError();
  }

  /** `begin` then `check`: the whole guarded check of one presented secret; whose secret it is. */
  async authenticate(appId: string, appSecret: string, address: string | undefined): Promise<SecretOwner> {
    return this.check(await this.begin(address), appId, appSecret);
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
