import { LessThanOrEqual, type DataSource } from 'typeorm';
import type { BackchannelDelivery, BackchannelDeliveryStore } from '../../domain/ports/BackchannelDeliveryStore';
import { BackchannelDeliveryEntity } from './BackchannelDeliveryEntity';

/** BackchannelDeliveryStore on TypeORM: a claim is an UPDATE conditional on the row as read, so one instance wins it. */
export class TypeOrmBackchannelDeliveryStore implements BackchannelDeliveryStore {
  constructor(private readonly dataSource: DataSource) {}

  async enqueue(deliveries: readonly BackchannelDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await this.dataSource.getRepository(BackchannelDeliveryEntity).insert(
      deliveries.map((delivery) => ({ id: delivery.id, clientId: delivery.clientId, subject: delivery.subject, sid: delivery.sid, attempts: delivery.attempts, dueAt: String(delivery.dueAt) })),
    );
  }

  async due(now: number, limit: number): Promise<readonly BackchannelDelivery[]> {
    const rows = await this.dataSource.getRepository(BackchannelDeliveryEntity).find({ where: { dueAt: LessThanOrEqual(String(now)) }, order: { dueAt: 'ASC' }, take: limit });
    return rows.map((row) => ({ id: row.id, clientId: row.clientId, subject: row.subject, sid: row.sid, attempts: row.attempts, dueAt: Number(row.dueAt) }));
  }

  async claim(delivery: BackchannelDelivery, leaseUntil: number): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(BackchannelDeliveryEntity)
      .set({ attempts: delivery.attempts + 1, dueAt: String(leaseUntil) })
      .where('id = :id AND attempts = :attempts AND due_at = :dueAt', { id: delivery.id, attempts: delivery.attempts, dueAt: String(delivery.dueAt) })
      .execute();
    return result.affected === 1;
  }

  async retryAt(id: string, dueAt: number): Promise<void> {
    await this.dataSource.getRepository(BackchannelDeliveryEntity).update({ id }, { dueAt: String(dueAt) });
  }

  async remove(id: string): Promise<void> {
    await this.dataSource.getRepository(BackchannelDeliveryEntity).delete({ id });
  }
}
