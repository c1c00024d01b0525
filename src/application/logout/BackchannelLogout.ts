import type { Clock } from '@auth-service/client';
import type { BackchannelDeliveryStore } from '../../domain/ports/BackchannelDeliveryStore';
import type { ConsentStore } from '../../domain/ports/ConsentStore';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { RefreshTokenStore } from '../../domain/ports/RefreshTokenStore';
import type { SignInSession, SignInSessionStore } from '../../domain/ports/SignInSessionStore';
import { epochSeconds } from '../../domain/model/epochSeconds';

interface Target {
  readonly clientId: string;
  readonly sid: string | null;
}

/**
 * Queues Back-Channel Logout 1.0 tokens in the shared store (any instance's
 * worker delivers them: DeliverBackchannelLogouts), never sending inline, so
 * the request or command that ended the session never waits on a client.
 * A session's end is told to the clients it issued codes to; a user's
 * lock-out to those of the user's sessions and live refresh-token families
 * (with their `sid`), and to the clients the user consented to (with `sub`
 * alone), each client and session once. Only clients with a
 * back-channel logout URI are told; one that needs a `sid` is not told
 * without one.
 */
export class BackchannelLogout {
  constructor(
    private readonly sessions: Pick<SignInSessionStore, 'clientsOf' | 'clientsOfSubject'>,
    private readonly consents: Pick<ConsentStore, 'listOfSubject'>,
    private readonly families: Pick<RefreshTokenStore, 'grantsOfSubject'>,
    private readonly clients: Pick<OAuthClientStore, 'find'>,
    private readonly queue: Pick<BackchannelDeliveryStore, 'enqueue'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** The session ended (RP-initiated logout, sign-out): call before it is ended, while its clients are known. */
  async sessionEnded(session: SignInSession): Promise<void> {
    if (session.sid === undefined) return;
    const sid = session.sid;
    const clientIds = await this.sessions.clientsOf(sid);
    await this.enqueue(session.user.id, clientIds.map((clientId) => ({ clientId, sid })));
  }

  /**
   * The user was locked out (disable, passwd, remove). Named as the user's grants' port is, so
   * RevokeUserTokens runs it among them: first, while sessions and consents still name the clients.
   */
  async revokeSubject(subject: string): Promise<void> {
    const targets = new Map<string, Target>();
    const add = (target: Target) => targets.set(`${target.clientId} ${target.sid}`, target);
    for (const target of await this.sessions.clientsOfSubject(subject)) add(target);
    for (const target of await this.families.grantsOfSubject(subject)) add(target);
    const told = new Set([...targets.values()].map((target) => target.clientId));
    for (const { clientId } of await this.consents.listOfSubject(subject)) if (!told.has(clientId)) add({ clientId, sid: null });
    await this.enqueue(subject, [...targets.values()]);
  }

  private async enqueue(subject: string, targets: readonly Target[]): Promise<void> {
    const dueAt = epochSeconds(this.clock.now());
    const deliveries = [];
    for (const target of targets) {
      const client = await this.clients.find(target.clientId);
      if (client?.backchannelLogoutUri === undefined) continue;
      if (client.backchannelLogoutSessionRequired === true && target.sid === null) continue;
      deliveries.push({ id: this.ids.next(), clientId: target.clientId, subject, sid: target.sid, attempts: 0, dueAt });
    }
    await this.queue.enqueue(deliveries);
  }
}
