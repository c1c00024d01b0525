import { LessThanOrEqual, type DataSource } from 'typeorm';
import type { PushedAuthorizationRequest } from '../../domain/model/PushedAuthorizationRequest';
import type { PushedRequestStore } from '../../domain/ports/PushedRequestStore';
import { PushedRequestEntity } from './PushedRequestEntity';
import { tokenDigest } from './tokenDigest';

/** PushedRequestStore on TypeORM: rows by the digest of the request_uri; taking one deletes it. */
export class TypeOrmPushedRequestStore implements PushedRequestStore {
  constructor(private readonly dataSource: DataSource) {}

  async add(request: PushedAuthorizationRequest): Promise<void> {
    await this.dataSource.getRepository(PushedRequestEntity).insert({
      uriHash: tokenDigest(request.requestUri),
      clientId: request.clientId,
      parameters: JSON.stringify(request.parameters),
      expiresAt: String(request.expiresAt),
    });
  }

  async take(requestUri: string, clientId: string): Promise<PushedAuthorizationRequest | null> {
    const repository = this.dataSource.getRepository(PushedRequestEntity);
    const uriHash = tokenDigest(requestUri);
    const row = await repository.findOneBy({ uriHash });
    if (row === null || row.clientId !== clientId) return null;
    // The one conditional statement: of callers racing on any instances, only the one whose DELETE removed the row wins.
    const deleted = await repository.delete({ uriHash });
    if (deleted.affected !== 1) return null;
    return {
      requestUri,
      clientId: row.clientId,
      parameters: JSON.parse(row.parameters) as PushedAuthorizationRequest['parameters'],
      expiresAt: Number(row.expiresAt),
    };
  }

  async purge(now: number): Promise<number> {
    const result = await this.dataSource.getRepository(PushedRequestEntity).delete({ expiresAt: LessThanOrEqual(String(now)) });
    return result.affected ?? 0;
  }
}
