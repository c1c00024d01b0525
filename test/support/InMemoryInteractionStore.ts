import type { ConsumedInteraction, Interaction } from '../../src/domain/model/Interaction';
import type { InteractionStore } from '../../src/domain/ports/InteractionStore';

/**
 * Interactions in memory, as the SQL adapter: `consume` hands an interaction
 * to its first caller only (and removes it), with whether the session
 * presented is the bound one; `purge` deletes the expired ones.
 */
export class InMemoryInteractionStore implements InteractionStore {
  readonly interactions = new Map<string, Interaction>();

  async create(interaction: Interaction): Promise<void> {
    if (this.interactions.has(interaction.uid)) throw new Error(`interaction ${interaction.uid} exists`);
    this.interactions.set(interaction.uid, interaction);
  }

  async consume(uid: string, session: string | null): Promise<ConsumedInteraction | null> {
    if (typeof uid !== 'string') throw new TypeError(`${String(uid)}: the port takes a uid string`);
    const found = this.interactions.get(uid);
    if (found === undefined) return null;
    this.interactions.delete(uid);
    const { session: bound, ...interaction } = found;
    return { interaction, sameSession: bound === session };
  }

  async purge(now: number): Promise<number> {
    let purged = 0;
    for (const [uid, interaction] of this.interactions) {
      if (interaction.expiresAt <= now) {
        this.interactions.delete(uid);
        purged++;
      }
    }
    return purged;
  }
}
