import { LessThanOrEqual, type DataSource } from 'typeorm';
import type { DeviceApproval, DeviceAuthorization, DeviceDecision } from '../../domain/model/DeviceAuthorization';
import type { GrantedAccess } from '../../domain/model/GrantedAccess';
import type { DeviceAuthorizationStore } from '../../domain/ports/DeviceAuthorizationStore';
import { DeviceAuthorizationEntity } from './DeviceAuthorizationEntity';
import { tokenDigest } from './tokenDigest';

/** DeviceAuthorizationStore on TypeORM: rows by the digest of the device code; every once-only change one conditional statement. */
export class TypeOrmDeviceAuthorizationStore implements DeviceAuthorizationStore {
  constructor(private readonly dataSource: DataSource) {}

  async add(request: DeviceAuthorization): Promise<boolean> {
    const deviceCodeHash = tokenDigest(request.deviceCode);
    // INSERT … ON CONFLICT DO NOTHING: the unique user_code index decides a collision, on any instance.
    await this.repository()
      .createQueryBuilder()
      .insert()
      .values({
        deviceCodeHash,
        userCode: request.userCode,
        clientId: request.clientId,
        granted: JSON.stringify(request.granted),
        createdAt: String(request.createdAt),
        expiresAt: String(request.expiresAt),
        pollInterval: request.interval,
        lastPolledAt: null,
        decision: 'pending',
        subject: null,
        approval: null,
      })
      .orIgnore()
      .execute();
    const written = await this.repository().findOneBy({ deviceCodeHash, userCode: request.userCode });
    return written !== null;
  }

  async findByDeviceCode(deviceCode: string): Promise<DeviceAuthorization | null> {
    const row = await this.repository().findOneBy({ deviceCodeHash: tokenDigest(deviceCode) });
    return row === null ? null : fromRow(row, deviceCode);
  }

  async findByUserCode(userCode: string): Promise<DeviceAuthorization | null> {
    const row = await this.repository().findOneBy({ userCode });
    // The device code itself is never kept; the page has no use for it.
    return row === null ? null : fromRow(row, '');
  }

  async recordPoll(deviceCode: string, at: number, interval: number): Promise<void> {
    await this.repository().update({ deviceCodeHash: tokenDigest(deviceCode) }, { lastPolledAt: String(at), pollInterval: interval });
  }

  async decide(userCode: string, decision: { readonly approved: true; readonly approval: DeviceApproval } | { readonly approved: false }): Promise<boolean> {
    const change = decision.approved
      ? { decision: 'approved', subject: decision.approval.user.id, approval: JSON.stringify(decision.approval) }
      : { decision: 'denied' };
    // Only a pending row changes: of two answers on any instances, one decides.
    const result = await this.repository().update({ userCode, decision: 'pending' }, change);
    return result.affected === 1;
  }

  async redeem(deviceCode: string): Promise<boolean> {
    const result = await this.repository().delete({ deviceCodeHash: tokenDigest(deviceCode), decision: 'approved' });
    return result.affected === 1;
  }

  async purge(now: number): Promise<number> {
    const result = await this.repository().delete({ expiresAt: LessThanOrEqual(String(now)) });
    return result.affected ?? 0;
  }

  private repository() {
    return this.dataSource.getRepository(DeviceAuthorizationEntity);
  }
}

function fromRow(row: DeviceAuthorizationEntity, deviceCode: string): DeviceAuthorization {
  return {
    deviceCode,
    userCode: row.userCode,
    clientId: row.clientId,
    granted: JSON.parse(row.granted) as GrantedAccess,
    createdAt: Number(row.createdAt),
    expiresAt: Number(row.expiresAt),
    interval: row.pollInterval,
    lastPolledAt: row.lastPolledAt === null ? null : Number(row.lastPolledAt),
    decision: row.decision as DeviceDecision,
    ...(row.approval === null ? {} : { approval: JSON.parse(row.approval) as DeviceApproval }),
  };
}
