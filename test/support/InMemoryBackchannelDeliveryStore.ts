import type { BackchannelDelivery, BackchannelDeliveryStore } from '../../src/domain/ports/BackchannelDeliveryStore';

/** The delivery queue in memory, as the SQL adapter: a claim succeeds only on the row as it was read. */
export class InMemoryBackchannelDeliveryStore implements BackchannelDeliveryStore {
  readonly rows = new Map<string, BackchannelDelivery>();

  async enqueue(deliveries: readonly BackchannelDelivery[]): Promise<void> {
    for (const delivery of deliveries) this.rows.set(delivery.id, delivery);
  }

  async due(now: number, limit: number): Promise<readonly BackchannelDelivery[]> {
    return [...this.rows.values()]
      .filter((row) => row.dueAt <= now)
      .sort((a, b) => a.dueAt - b.dueAt)
      .slice(0, limit);
  }

  async claim(delivery: BackchannelDelivery, leaseUntil: number): Promise<boolean> {
    const row = this.rows.get(delivery.id);
    if (row === undefined || row.attempts !== delivery.attempts || row.dueAt !== delivery.dueAt) return false;
    this.rows.set(row.id, { ...row, attempts: row.attempts + 1, dueAt: leaseUntil });
    return true;
  }

  async retryAt(id: string, dueAt: number): Promise<void> {
    const row = this.rows.get(id);
    if (row !== undefined) this.rows.set(id, { ...row, dueAt });
  }

  async remove(id: string): Promise<void> {
    this.rows.delete(id);
  }
}
