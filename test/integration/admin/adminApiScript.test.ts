import { expect } from 'chai';
import type { Container } from 'inversify';
import request from 'supertest';
import type { ListAuditEventsInput, ListAuditEventsResult } from '../../../src/application/audit/ListAuditEvents';
import { TYPES } from '../../../src/interfaces/composition/types';
import { ADMIN, adminClientFlags, clientToken, expectProblem } from '../../support/adminApi';
import { authTestConfig } from '../../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { fastPasswordHashing } from '../../support/fastPasswordHashing';
import { basic } from '../../support/oauthTestHttp';
import { StoreCliBeside } from '../../support/StoreCliBeside';
import { STORE_BACKENDS, type SharedDatabase } from '../../support/storeBackends';

/** The trail's use case as GET /events calls it: the queries it got, one page back. */
class RecordingAuditEvents {
  readonly queries: ListAuditEventsInput[] = [];
  async execute(input: ListAuditEventsInput): Promise<ListAuditEventsResult> {
    this.queries.push(input);
    return {
      items: [{ id: 'e1', time: new Date('2026-04-01T12:00:00Z'), type: 'client.secret_rotated', outcome: 'success', actor: 'admin:ops-bot', account: null, client: 'reports', address: '127.0.0.1', requestId: 'r1', details: {} }],
      next: null,
    };
  }
}

describe('Admin API from an automation script, the audit trail query and AUTH_ADMIN_API=off', function () {
  this.timeout(60_000);
  let database: SharedDatabase;
  let cli: StoreCliBeside;
  let auth: AuthServer;
  let origin: string;
  let opsSecret: string;
  const events = new RecordingAuditEvents();

  before(async () => {
    database = await STORE_BACKENDS[0].create();
    const config = authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_USER_STORE: 'database' });
    const fast = fastPasswordHashing(config);
    const configure = (container: Container) => {
      fast(container);
      (container.isBound(TYPES.ListAuditEvents) ? container.rebind(TYPES.ListAuditEvents) : container.bind(TYPES.ListAuditEvents)).toConstantValue(events);
    };
    cli = await StoreCliBeside.open(config, configure);
    await cli.addUser('alice', '--nick', 'Alice');
    opsSecret = await cli.addClient('ops-bot', ...adminClientFlags('admin:read', 'admin:users', 'admin:clients', 'admin:keys'));
    auth = await buildAuthServer(config, { configure });
    origin = `http://127.0.0.1:${(await auth.listen(0)).port}`;
  });

  after(async () => {
    await auth?.close();
    await cli?.close();
    await database?.dispose();
  });

  it('a script with plain fetch: a token, a client created, its secret rotated, a user disabled; the CLI sees the changes', async () => {
    const session: string[] = [];
    const call = async (method: string, path: string, init: RequestInit = {}): Promise<Response> => {
      const response = await fetch(`${origin}${path}`, { method, ...init });
      session.push(`${method} ${path} → ${response.status}`);
      return response;
    };
    const tokenResponse = await call('POST', '/auth/oauth/token', {
      headers: { Authorization: basic('ops-bot', opsSecret), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const { access_token: accessToken, scope } = (await tokenResponse.json()) as { access_token: string; scope: string };
    expect(scope).to.equal('admin:read admin:users admin:clients admin:keys');
    const api = (method: string, path: string, body?: unknown) =>
      call(method, `${ADMIN}${path}`, { headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

    const created = await api('POST', '/clients', { id: 'reports', kind: 'confidential', grants: ['client_credentials'], scopes: ['reports:read'] });
    const { secret: first } = (await created.json()) as { secret: string };
    const rotated = await api('POST', '/clients/reports/secret');
    const { secret: second } = (await rotated.json()) as { secret: string };
    const disabled = await api('POST', '/users/alice/disable');
    expect(((await disabled.json()) as { status: string }).status).to.equal('disabled');
    const trail = await api('GET', '/events?client=reports&type=client.secret_rotated');
    expect(((await trail.json()) as { items: Array<{ actor: string }> }).items[0].actor).to.equal('admin:ops-bot');

    expect(session).to.deep.equal([
      'POST /auth/oauth/token → 200',
      `POST ${ADMIN}/clients → 201`,
      `POST ${ADMIN}/clients/reports/secret → 200`,
      `POST ${ADMIN}/users/alice/disable → 200`,
      `GET ${ADMIN}/events?client=reports&type=client.secret_rotated → 200`,
    ]);
    expect(second).to.not.equal(first);
    await clientToken(auth.server, 'reports', second);
    expect((await cli.users(['list', '--json'])).out.join('\n')).to.match(/"account": "alice",[\s\S]*"status": "disabled"/);
    const shown = await cli.clients(['show', 'reports', '--json']);
    expect(JSON.parse(shown.out[0]) as object).to.include({ id: 'reports', kind: 'confidential' });
  });

  it('GET /events passes the filters to the trail, and names every bad one in invalid-params', async () => {
    const token = await clientToken(auth.server, 'ops-bot', opsSecret, 'admin:read');
    const page = await request(auth.server)
      .get(`${ADMIN}/events`)
      .query({ type: 'login.failed', account: 'alice', client: 'webapp', since: '2026-04-01T00:00:00Z', until: '2026-04-02', limit: '10', cursor: 'abc' })
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(page.body.items[0]).to.include({ id: 'e1', time: '2026-04-01T12:00:00.000Z' });
    expect(events.queries.at(-1)).to.deep.equal({
      type: 'login.failed',
      account: 'alice',
      client: 'webapp',
      since: new Date('2026-04-01T00:00:00Z'),
      until: new Date('2026-04-02T00:00:00Z'),
      cursor: 'abc',
      limit: 10,
    });
    await request(auth.server).get(`${ADMIN}/events`).set('Authorization', `Bearer ${token}`).expect(200);
    expect(events.queries.at(-1)).to.deep.equal({ limit: 50 });
    const bad = await request(auth.server).get(`${ADMIN}/events`).query({ type: 'login.maybe', since: 'yesterday', until: '2026-13-45T00:00:00Z', limit: '500' }).set('Authorization', `Bearer ${token}`);
    expectProblem(bad, 400, 'invalid-request', ['type', 'since', 'until', 'limit']);
    const usersOnly = await clientToken(auth.server, 'ops-bot', opsSecret, 'admin:users admin:clients admin:keys');
    expectProblem(await request(auth.server).get(`${ADMIN}/events`).set('Authorization', `Bearer ${usersOnly}`), 403, 'insufficient-scope');
  });

  it('AUTH_ADMIN_API=off: every admin route answers 404, even with a valid admin token; the document lists none', async () => {
    const off = await buildAuthServer(authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_USER_STORE: 'database', AUTH_ADMIN_API: 'off' }), { configure: fastPasswordHashing(auth.config) });
    try {
      const token = await clientToken(off.server, 'ops-bot', opsSecret);
      for (const [method, path] of [['get', '/users'], ['post', '/clients'], ['get', '/keys'], ['get', '/events']] as const) {
        expect((await request(off.server)[method](`${ADMIN}${path}`).set('Authorization', `Bearer ${token}`)).status, `${method} ${path}`).to.equal(404);
      }
      const document = await request(off.server).get('/auth/v3/api-docs').expect(200);
      expect(Object.keys(document.body.paths as object).filter((path) => path.startsWith('/admin/'))).to.deep.equal([]);
    } finally {
      await off.close();
    }
  });
});
