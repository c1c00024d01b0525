import { expect } from 'chai';
import request from 'supertest';
import type { AuditEvent } from '../../src/domain/model/AuditEvent';
import type { AuditEventPage, AuditEventStore } from '../../src/domain/ports/AuditEventStore';
import type { AuthServer } from '../../src/interfaces/composition/authServerAssembly';
import { TYPES } from '../../src/interfaces/composition/types';
import { authTestConfig } from '../support/authTestServer';
import { buildAuthServer } from '../support/buildAuthServer';
import { parsePrometheusText } from '../support/prometheusText';

const LOGIN = '/auth/oauth/jwt/token';

/** A trail store that is away: its writes never answer (`hang`) or fail at once. */
class AwayAuditEventStore implements AuditEventStore {
  appends = 0;
  constructor(private readonly how: 'hang' | 'fail') {}

  append(_events: readonly AuditEvent[]): Promise<void> {
    this.appends++;
    return this.how === 'hang' ? new Promise(() => undefined) : Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
  }

  async list(): Promise<AuditEventPage> {
    return { items: [], next: null };
  }

  async purgeBefore(): Promise<number> {
    return 0;
  }
}

for (const how of ['hang', 'fail'] as const) {
  describe(`Logins while the audit trail's store ${how === 'hang' ? 'never answers' : 'fails every write'}`, function () {
    this.timeout(30_000);
    let auth: AuthServer;
    let store: AwayAuditEventStore;

    before(async () => {
      store = new AwayAuditEventStore(how);
      auth = await buildAuthServer(authTestConfig(), { configure: (container) => container.rebind(TYPES.AuditEventStore).toConstantValue(store) });
    });

    after(async () => {
      await auth?.close();
    });

    it('answer as ever, none waiting on the trail', async () => {
      const started = Date.now();
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => request(auth.server).post(LOGIN).send({ username: `user-${i}`, password: 'any-password' }).then((response) => response.status)),
      );
      expect(statuses).to.deep.equal(Array(20).fill(200));
      expect(Date.now() - started).to.be.below(5_000);
      // The background write starts (about a second after the first event) and is stuck or failing; logins go on.
      for (const deadline = Date.now() + 5_000; store.appends === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(store.appends).to.be.at.least(1);
      expect((await request(auth.server).post(LOGIN).send({ username: 'late', password: 'any-password' })).status).to.equal(200);
    });

    it('count what they drop in auth_audit_events_dropped_total, and the server still stops in time', async () => {
      const text = (await request(auth.server).get('/auth/actuator/prometheus').expect(200)).text;
      const reasons = parsePrometheusText(text)
        .filter((sample) => sample.name === 'auth_audit_events_dropped_total')
        .map((sample) => sample.labels.reason)
        .sort();
      expect(reasons).to.deep.equal(['closed', 'error', 'queue_full', 'store_failed']);
      const stopping = Date.now();
      await auth.close();
      expect(Date.now() - stopping).to.be.below(6_000);
    });
  });
}
