import type { ConsumedInteraction, Interaction } from '../model/Interaction';

/** Pending interaction pages in the shared store (SQLite or PostgreSQL), by uid. */
export interface InteractionStore {
  /** Keeps the interaction; its session only as a digest. */
  create(interaction: Interaction): Promise<void>;
  /**
   * Uses the interaction up in one conditional statement: of any number of
   * callers on any instances, exactly one gets it back, whatever `session` it
   * presents (a page answered with the wrong session is spent too); null for
   * an unknown or already used uid.
   */
  consume(uid: string, session: string | null): Promise<ConsumedInteraction | null>;
  /** Deletes the interactions expired at `now`; returns how many. */
  purge(now: number): Promise<number>;
}
