import { expect } from 'chai';
import request from 'supertest';
import { ListAuditEvents } from '../../src/application/audit/ListAuditEvents';
import type { AuditEventStore } from '../../src/domain/ports/AuditEventStore';
import { runWithAuditContext } from '../../src/infrastructure/audit/auditContextStore';
import { TypeOrmAuditEventStore } from '../../src/infrastructure/persistence/TypeOrmAuditEventStore';
import { runEventsCommand } from '../../src/interfaces/cli/eventsCommand';
import { cliActor } from '../../src/interfaces/composition/runStoreCli';
import { TYPES } from '../../src/interfaces/composition/types';
import { eventsEventually } from '../support/auditEvents';
import { FixedClock } from '../support/FixedClock';
import { STORE_BACKENDS } from '../support/storeBackends';
import { TwoInstancesOnOneStore } from '../support/TwoInstancesOnOneStore';

const LOGIN = '/auth/oauth/jwt/token';

for (const backend of STORE_BACKENDS) {
  describe(`The audit trail of two instances on one ${backend.name} store`, function () {
    this.timeout(60_000);
    let instances: TwoInstancesOnOneStore;
    let fromCli: AuditEventStore;

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, new FixedClock('2026-12-01T10:00:00Z'), {
        env: { AUTH_TRUST_PROXY: '1' },
        register: (cli) => cli.addUser('alice', '--nick', 'Alice'),
      });
      fromCli = new TypeOrmAuditEventStore(instances.cli.dataSource);
    });

    after(async () => {
      await instances?.dispose();
    });

    it('records a failed login over HTTP with the address as the proxy forwarded it, the request id and the reason the answer never tells', async () => {
      const wrong = await request(instances.first.server)
        .post(LOGIN)
        .set('X-Forwarded-For', '198.51.100.23')
        .set('X-Request-Id', 'req-wrong-password')
        .send({ username: 'alice', password: 'not-her-password' });
      const unknown = await request(instances.first.server).post(LOGIN).set('X-Forwarded-For', '198.51.100.24').send({ username: 'nobody', password: 'whatever-1' });
      expect(wrong.status).to.equal(401);
      expect([unknown.status, unknown.body]).to.deep.equal([wrong.status, wrong.body]);
      expect(JSON.stringify(wrong.body)).not.to.match(/wrong_password|unknown_account/);

      const [failed] = await eventsEventually(fromCli, { type: 'login.failed', account: 'alice' });
      expect(failed).to.deep.include({
        type: 'login.failed',
        outcome: 'failure',
        actor: null,
        account: 'alice',
        client: null,
        address: '198.51.100.23',
        requestId: 'req-wrong-password',
        details: { reason: 'wrong_password' },
      });
      const [ghost] = await eventsEventually(fromCli, { type: 'login.failed', account: 'nobody' });
      expect(ghost).to.deep.include({ address: '198.51.100.24', details: { reason: 'unknown_account' } });
      expect(ghost.requestId).to.equal(unknown.headers['x-request-id']);
    });

    it("both instances write to one trail and each reads the other's events, through the store and the events command", async () => {
      await request(instances.second.server).post(LOGIN).set('X-Forwarded-For', '192.0.2.2').send({ username: 'alice', password: 'alice-pass' }).expect(200);
      await request(instances.first.server).post(LOGIN).set('X-Forwarded-For', '192.0.2.1').send({ username: 'Alice ', password: 'nope-nope' }).expect(401);
      await eventsEventually(fromCli, { account: 'alice', type: 'login.succeeded' });
      await eventsEventually(fromCli, { account: 'Alice ' });

      const readByFirst = await instances.first.container.get<ListAuditEvents>(TYPES.ListAuditEvents).execute({ account: 'alice', type: 'login.succeeded', limit: 10 });
      expect(readByFirst.items.map((event) => event.address)).to.deep.equal(['192.0.2.2']);
      const readBySecond = await instances.second.container.get<ListAuditEvents>(TYPES.ListAuditEvents).execute({ account: 'Alice ', limit: 10 });
      expect(readBySecond.items.map((event) => [event.type, event.address, event.details])).to.deep.equal([['login.failed', '192.0.2.1', { reason: 'unknown_account' }]]);

      const out: string[] = [];
      const code = await runEventsCommand(['list', '--account', 'alice', '--type', 'login.succeeded', '--json'], {
        listAuditEvents: new ListAuditEvents(fromCli),
        out: (line) => out.push(line),
        err: () => undefined,
      });
      expect(code).to.equal(0);
      expect(out.map((line) => (JSON.parse(line) as { address: string }).address)).to.deep.equal(['192.0.2.2']);
    });

    it('records what a CLI command changed with the CLI as actor, and the token issued at the login route', async () => {
      const run = await runWithAuditContext({ actor: cliActor(), address: null, requestId: null }, () => instances.cli.users(['disable', 'alice']));
      expect(run.code).to.equal(0);
      const [locked] = await eventsEventually(instances.first.container.get<AuditEventStore>(TYPES.AuditEventStore), { type: 'user.locked' });
      expect(locked).to.deep.include({ actor: cliActor(), account: 'alice', address: null, outcome: 'success' });
      expect(cliActor()).to.match(/^cli(:.+)?$/);
      const [issued] = await eventsEventually(fromCli, { type: 'token.issued', account: 'alice' });
      expect(issued.details).to.deep.equal({ grant: 'login', subject: issued.details.subject, scopes: [] });
    });
  });
}
