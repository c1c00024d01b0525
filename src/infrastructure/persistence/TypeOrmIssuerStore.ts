import type { DataSource } from 'typeorm';
import type { IssuerStore } from '../../domain/ports/IssuerStore';
import { retryingTransaction } from './retryingTransaction';
import { ServiceSettingEntity } from './ServiceSettingEntity';

const ISSUER = 'issuer';

/** The recorded issuer in `service_settings`, on SQLite or PostgreSQL. */
export class TypeOrmIssuerStore implements IssuerStore {
  constructor(private readonly dataSource: DataSource) {}

  async recordIssuerIfAbsent(issuer: string): Promise<string> {
    return retryingTransaction(this.dataSource, async (manager) => {
      // INSERT … ON CONFLICT DO NOTHING: the primary key decides a first-start race, everyone re-reads the winner.
      await manager.createQueryBuilder().insert().into(ServiceSettingEntity).values({ name: ISSUER, value: issuer }).orIgnore().execute();
      const recorded = await manager.findOneBy(ServiceSettingEntity, { name: ISSUER });
      if (!recorded) throw new Error('the store holds no issuer after recording one');
      return recorded.value;
    });
  }
}
