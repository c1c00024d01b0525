import type { DataSource } from 'typeorm';
import type { Consent, ConsentStore } from '../../domain/ports/ConsentStore';
import { ConsentEntity } from './ConsentEntity';

/** The scope of the row that records the consent itself (ConsentEntity). */
const CONSENT_ROW = '';

/**
 * ConsentStore on TypeORM: one row per approved scope plus one for the
 * consent itself. Approving inserts the rows not there yet and ignores the
 * others, so two instances approving at once both keep what they added.
 */
export class TypeOrmConsentStore implements ConsentStore {
  constructor(private readonly dataSource: DataSource) {}

  async find(subject: string, clientId: string): Promise<readonly string[] | null> {
    const rows = await this.dataSource.getRepository(ConsentEntity).find({ select: { scope: true }, where: { subject, clientId } });
    if (!rows.some((row) => row.scope === CONSENT_ROW)) return null;
    return scopesOf(rows);
  }

  async approve(subject: string, clientId: string, scopes: readonly string[], now: number): Promise<void> {
    const values = [CONSENT_ROW, ...new Set(scopes)].map((scope) => ({ subject, clientId, scope, approvedAt: String(now) }));
    await this.dataSource.createQueryBuilder().insert().into(ConsentEntity).values(values).orIgnore().execute();
  }

  async listOfSubject(subject: string): Promise<readonly Consent[]> {
    const rows = await this.dataSource.getRepository(ConsentEntity).find({ where: { subject }, order: { clientId: 'ASC' } });
    const byClient = new Map<string, ConsentEntity[]>();
    for (const row of rows) byClient.set(row.clientId, [...(byClient.get(row.clientId) ?? []), row]);
    return [...byClient]
      .filter(([, clientRows]) => clientRows.some((row) => row.scope === CONSENT_ROW))
      .map(([clientId, clientRows]) => ({ clientId, scopes: scopesOf(clientRows) }));
  }

  async revoke(subject: string, clientId: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(ConsentEntity).delete({ subject, clientId });
    return (result.affected ?? 0) > 0;
  }

  async revokeSubject(subject: string): Promise<void> {
    await this.dataSource.getRepository(ConsentEntity).delete({ subject });
  }

  async deleteOfClient(clientId: string): Promise<number> {
    const subjects = await this.dataSource.getRepository(ConsentEntity).count({ where: { clientId, scope: CONSENT_ROW } });
    await this.dataSource.getRepository(ConsentEntity).delete({ clientId });
    return subjects;
  }
}

function scopesOf(rows: readonly Pick<ConsentEntity, 'scope'>[]): string[] {
  return rows
    .map((row) => row.scope)
    .filter((scope) => scope !== CONSENT_ROW)
    .sort();
}
