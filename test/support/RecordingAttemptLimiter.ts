import type { AttemptPlan, AttemptReservation, PlannedAttemptLimiter, PlannedReservation } from '../../src/domain/ports/AttemptLimiter';

/** A per-key counter with a fixed limit and no window, recording every reservation and remembered source in order. */
export class RecordingAttemptLimiter implements PlannedAttemptLimiter {
  readonly events: string[] = [];
  /** Every plan attempted, in order. */
  readonly plans: AttemptPlan[] = [];
  /** Every planned attempt's settlement, as asked (`events` records its effects). */
  readonly settlements: { giveBack: readonly string[]; remember: boolean }[] = [];
  private readonly counts = new Map<string, number>();
  private readonly known = new Set<string>();

  constructor(
    private readonly limit = Number.POSITIVE_INFINITY,
    private readonly retryAfterSeconds = 42,
  ) {}

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  async reserve(keys: readonly string[]): Promise<AttemptReservation> {
    this.events.push(`reserve ${keys.join(' ')}`);
    for (const key of keys) this.counts.set(key, this.count(key) + 1);
    const refused = keys.some((key) => this.count(key) > this.limit);
    return {
      retryAfterSeconds: refused ? this.retryAfterSeconds : null,
      succeeded: async () => {
        this.events.push('succeeded');
        for (const key of keys) this.counts.set(key, this.count(key) - 1);
      },
      failed: async () => {
        this.events.push('failed');
      },
    };
  }

  /** Records `attempt <keys counted>`, then `give back <key>` and `remember …` as its settlement does. */
  async attempt(plan: AttemptPlan): Promise<PlannedReservation> {
    this.plans.push(plan);
    const { from } = plan;
    const known = from !== undefined && this.known.has(`${plan.subject}@${from.source}`);
    const counted: string[] = [];
    let refused = false;
    for (const key of known ? from.whenKnown : plan.otherwise) {
      counted.push(key);
      this.counts.set(key, this.count(key) + 1);
      refused = this.count(key) > this.limit;
      if (refused) break;
    }
    this.events.push(`attempt ${counted.join(' ')}`);
    return {
      known,
      retryAfterSeconds: refused ? this.retryAfterSeconds : null,
      counted,
      settle: async ({ giveBack, remember }) => {
        this.settlements.push({ giveBack, remember });
        for (const key of giveBack) {
          this.events.push(`give back ${key}`);
          this.counts.set(key, this.count(key) - 1);
        }
        if (remember && from) await this.remember(plan.subject, from.source);
      },
    };
  }

  async knows(subject: string, source: string): Promise<boolean> {
    return this.known.has(`${subject}@${source}`);
  }

  async remember(subject: string, source: string): Promise<void> {
    this.events.push(`remember ${subject} ${source}`);
    this.known.add(`${subject}@${source}`);
  }
}
