import { isAcr } from '../../domain/model/AuthenticationLevel';
import { MoreThan, type DataSource } from 'typeorm';
import { ClientIdTakenError } from '../../domain/grantErrors';
import type { GrantType } from '../../domain/model/GrantType';
import type { PublicJwk } from '../../domain/model/ClientJwks';
import { authenticatesWithKeys, type OAuthClient, type OAuthClientKind } from '../../domain/model/OAuthClient';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import { OAuthClientEntity } from './OAuthClientEntity';
import { plainSelect } from './plainSelect';
import { confidentialMatch, secretDigest, type ClientRecord, type ClientRecords } from './clientSecretMatch';

/**
 * OAuthClientStore on TypeORM (SQLite or PostgreSQL), table oauth_clients.
 * A secret is kept as its digest (clientSecretMatch) and compared with timingSafeEqual.
 */
export class TypeOrmOAuthClientStore implements OAuthClientStore, ClientRecords {
  /** The secret check's SELECT, written once: every client_credentials, introspection and key request runs it. */
  private findSql: string | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async add(client: OAuthClient, secret: string | null): Promise<void> {
    const repository = this.dataSource.getRepository(OAuthClientEntity);
    if (await repository.existsBy({ clientId: client.id })) throw new ClientIdTakenError(client.id);
    try {
      await repository.insert({
        clientId: client.id,
        kind: client.kind,
        secretHash: secret === null ? null : secretDigest(secret).toString('hex'),
        ...listsOf(client),
        createdAt: String(this.clock()),
      });
    } catch (error) {
      // Another process added the same id in between: the primary key refused ours.
      if (await repository.existsBy({ clientId: client.id })) throw new ClientIdTakenError(client.id, { cause: error });
      throw error;
    }
  }

  async find(id: string): Promise<OAuthClient | null> {
    const row = await this.dataSource.getRepository(OAuthClientEntity).findOneBy({ clientId: id });
    return row === null ? null : clientOf(row);
  }

  async list(): Promise<OAuthClient[]> {
    const rows = await this.dataSource.getRepository(OAuthClientEntity).find({ order: { clientId: 'ASC' } });
    return rows.map(clientOf);
  }

  async listAfter(after: string | null, limit: number): Promise<OAuthClient[]> {
    // The primary key's index gives the range and the order.
    const rows = await this.dataSource.getRepository(OAuthClientEntity).find({ where: after === null ? {} : { clientId: MoreThan(after) }, order: { clientId: 'ASC' }, take: limit });
    return rows.map(clientOf);
  }

  async update(client: OAuthClient): Promise<boolean> {
    // A client given keys authenticates with them alone (private_key_jwt): its secret goes.
    const secret = authenticatesWithKeys(client) ? { secretHash: null } : {};
    const result = await this.dataSource.getRepository(OAuthClientEntity).update({ clientId: client.id }, { ...listsOf(client), ...secret });
    return (result.affected ?? 0) > 0;
  }

  async remove(id: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(OAuthClientEntity).delete({ clientId: id });
    return (result.affected ?? 0) > 0;
  }

  async replaceSecret(id: string, secret: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(OAuthClientEntity).update({ clientId: id, kind: 'confidential' }, { secretHash: secretDigest(secret).toString('hex') });
    return (result.affected ?? 0) > 0;
  }

  async findConfidential(id: string, secret: string): Promise<OAuthClient | null> {
    return confidentialMatch(await this.findRecord(id), secret);
  }

  /** The registration with its secret's digest, in one query. */
  async findRecord(id: string): Promise<ClientRecord | null> {
    const [row] = ((await this.dataSource.query(this.findStatement(), [id])) as OAuthClientEntity[] | undefined) ?? [];
    if (row === undefined) return null;
    return { client: clientOf(row), secretDigest: row.secretHash ? Buffer.from(row.secretHash, 'hex') : null };
  }

  /** SELECT of one client by id, its columns named as the entity's properties (so clientOf reads it as a row). */
  private findStatement(): string {
    this.findSql ??= plainSelect(this.dataSource, OAuthClientEntity, (sql) => `WHERE ${sql.column('clientId')} = ${sql.parameter(0)}`);
    return this.findSql;
  }

  async hasConfidential(): Promise<boolean> {
    return (await this.dataSource.getRepository(OAuthClientEntity).countBy({ kind: 'confidential' })) > 0;
  }
}

function clientOf(row: OAuthClientEntity): OAuthClient {
  return {
    id: row.clientId,
    kind: row.kind as OAuthClientKind,
    redirectUris: JSON.parse(row.redirectUris) as string[],
    grants: JSON.parse(row.grants) as GrantType[],
    scopes: JSON.parse(row.scopes) as string[],
    resources: JSON.parse(row.resources) as string[],
    // SQLite hands a boolean column back as 0 or 1.
    firstParty: Boolean(row.firstParty),
    postLogoutRedirectUris: JSON.parse(row.postLogoutRedirectUris) as string[],
    requirePkce: Boolean(row.requirePkce),
    ...(row.requireAcr !== null && row.requireAcr !== undefined && isAcr(row.requireAcr) ? { requireAcr: row.requireAcr } : {}),
    name: row.name ?? null,
    logoUri: row.logoUri ?? null,
    policyUri: row.policyUri ?? null,
    tosUri: row.tosUri ?? null,
    ...backchannelLogoutOf(row),
    ...(row.jwks === null || row.jwks === undefined ? {} : { jwks: JSON.parse(row.jwks) as PublicJwk[] }),
    ...(row.jwksUri === null || row.jwksUri === undefined ? {} : { jwksUri: row.jwksUri }),
    ...(row.requirePar ? { requirePar: true } : {}),
    // Only when set and last, as clientRegistrationOf writes it: a read is the same JSON (and strong ETag) as the registration.
    ...(row.requireDpop ? { requireDpop: true } : {}),
  };
}

/** The registration's lists as their JSON columns, and its metadata. */
function listsOf(client: OAuthClient): Omit<OAuthClientEntity, 'clientId' | 'kind' | 'secretHash' | 'createdAt'> {
  return {
    requirePkce: client.requirePkce,
    requireDpop: client.requireDpop === true,
    requireAcr: client.requireAcr ?? null,
    name: client.name,
    logoUri: client.logoUri,
    policyUri: client.policyUri,
    tosUri: client.tosUri,
    backchannelLogoutUri: client.backchannelLogoutUri ?? null,
    backchannelLogoutSessionRequired: client.backchannelLogoutSessionRequired ?? false,
    jwks: client.jwks === undefined ? null : JSON.stringify(client.jwks),
    jwksUri: client.jwksUri ?? null,
    requirePar: client.requirePar === true,
    firstParty: client.firstParty,
    postLogoutRedirectUris: JSON.stringify(client.postLogoutRedirectUris),
    redirectUris: JSON.stringify(client.redirectUris),
    grants: JSON.stringify(client.grants),
    scopes: JSON.stringify(client.scopes),
    resources: JSON.stringify(client.resources),
  };
}

/** Back-Channel Logout's registration: the URI only when set, the flag only with it. */
function backchannelLogoutOf(row: OAuthClientEntity): Pick<OAuthClient, 'backchannelLogoutUri' | 'backchannelLogoutSessionRequired'> {
  if (row.backchannelLogoutUri === null || row.backchannelLogoutUri === undefined) return {};
  return { backchannelLogoutUri: row.backchannelLogoutUri, backchannelLogoutSessionRequired: Boolean(row.backchannelLogoutSessionRequired) };
}
