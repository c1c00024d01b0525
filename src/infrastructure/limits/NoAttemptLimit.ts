import type { AttemptReservation, PlannedAttemptLimiter, PlannedReservation } from '../../domain/ports/AttemptLimiter';

const GRANTED: AttemptReservation = { retryAfterSeconds: null, succeeded: async () => undefined, failed: async () => undefined };

/**
 * No limit: for the stub login, which accepts every password, so there is
 * nothing to guess and counting would only refuse concurrent logins.
 */
export class NoAttemptLimit implements PlannedAttemptLimiter {
  async reserve(): Promise<AttemptReservation> {
    return GRANTED;
  }

  async attempt(): Promise<PlannedReservation> {
    return { known: false, retryAfterSeconds: null, counted: [], settle: async () => undefined };
  }

  async knows(): Promise<boolean> {
    return false;
  }

  async remember(): Promise<void> {}
}
