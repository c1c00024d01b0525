import type { DeviceApproval, DeviceAuthorization } from '../../src/domain/model/DeviceAuthorization';
import type { DeviceAuthorizationStore } from '../../src/domain/ports/DeviceAuthorizationStore';

/** Device authorization requests in memory, as the SQL adapter: user codes unique, decided once, redeemed once. */
export class InMemoryDeviceAuthorizationStore implements DeviceAuthorizationStore {
  readonly requests = new Map<string, DeviceAuthorization>();
  readonly purgedAt: number[] = [];
  /** Every call, in order, by method name. */
  readonly calls: string[] = [];
  /** Every decision asked for, as given. */
  readonly decisions: unknown[] = [];

  async add(request: DeviceAuthorization): Promise<boolean> {
    this.calls.push('add');
    if ([...this.requests.values()].some((held) => held.userCode === request.userCode)) return false;
    this.requests.set(request.deviceCode, request);
    return true;
  }

  async findByDeviceCode(deviceCode: string): Promise<DeviceAuthorization | null> {
    return this.requests.get(deviceCode) ?? null;
  }

  async findByUserCode(userCode: string): Promise<DeviceAuthorization | null> {
    this.calls.push(`find ${userCode}`);
    return [...this.requests.values()].find((request) => request.userCode === userCode) ?? null;
  }

  async recordPoll(deviceCode: string, at: number, interval: number): Promise<void> {
    this.calls.push(`poll ${at} ${interval}`);
    const request = this.requests.get(deviceCode);
    if (request !== undefined) this.requests.set(deviceCode, { ...request, lastPolledAt: at, interval });
  }

  async decide(userCode: string, decision: { readonly approved: true; readonly approval: DeviceApproval } | { readonly approved: false }): Promise<boolean> {
    this.decisions.push(decision);
    const request = [...this.requests.values()].find((held) => held.userCode === userCode) ?? null;
    if (request === null || request.decision !== 'pending') return false;
    const decided: DeviceAuthorization = decision.approved ? { ...request, decision: 'approved', approval: decision.approval } : { ...request, decision: 'denied' };
    this.requests.set(request.deviceCode, decided);
    return true;
  }

  async redeem(deviceCode: string): Promise<boolean> {
    this.calls.push('redeem');
    const request = this.requests.get(deviceCode);
    if (request?.decision !== 'approved') return false;
    this.requests.delete(deviceCode);
    return true;
  }

  async purge(now: number): Promise<number> {
    this.calls.push('purge');
    this.purgedAt.push(now);
    const expired = [...this.requests.values()].filter((request) => request.expiresAt <= now);
    for (const request of expired) this.requests.delete(request.deviceCode);
    return expired.length;
  }
}
