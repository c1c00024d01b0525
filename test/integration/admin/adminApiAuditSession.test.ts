import { expect } from 'chai';
import { ADMIN, adminClientFlags } from '../../support/adminApi';
import { FixedClock } from '../../support/FixedClock';
import { basic } from '../../support/oauthTestHttp';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

interface TrailPage {
  readonly items: ReadonlyArray<{ type: string; outcome: string; actor: string | null; account: string | null; client: string | null; details: Record<string, unknown> }>;
  readonly next: string | null;
}

/**
 * An automation script's session against two instances on one store: it changes things through one
 * instance and reads, through the other, the events that recorded who changed what.
 */
for (const backend of STORE_BACKENDS) {
  describe(`an admin script's session and the trail that records it, two instances on ${backend.name}`, function () {
    this.timeout(60_000);
    let instances: TwoInstancesOnOneStore;
    let opsSecret: string;

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, new FixedClock('2026-12-01T10:00:00Z'), {
        register: async (cli) => {
          await cli.addUser('alice', '--nick', 'Alice');
          opsSecret = await cli.addClient('ops-bot', ...adminClientFlags('admin:read', 'admin:users', 'admin:clients'));
        },
      });
    });

    after(async () => {
      await instances?.dispose();
    });

    it('creates a client, rotates its secret and disables a user at one instance; the other answers the events with the admin client as actor and no secret', async () => {
      const token = async (origin: string): Promise<string> => {
        const response = await fetch(`${origin}/auth/oauth/token`, {
          method: 'POST',
          headers: { Authorization: basic('ops-bot', opsSecret), 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials',
        });
        expect(response.status).to.equal(200);
        return ((await response.json()) as { access_token: string }).access_token;
      };
      const call = async (origin: string, accessToken: string, method: string, path: string, body?: unknown): Promise<Response> =>
        fetch(`${origin}${ADMIN}${path}`, {
          method,
          headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const first = await token(instances.firstOrigin);
      const created = await call(instances.firstOrigin, first, 'POST', '/clients', { id: 'reports', kind: 'confidential', grants: ['client_credentials'], scopes: ['reports:read'] });
      expect(created.status).to.equal(201);
      const { secret: firstSecret } = (await created.json()) as { secret: string };
      const rotated = await call(instances.firstOrigin, first, 'POST', '/clients/reports/secret');
      const { secret: secondSecret } = (await rotated.json()) as { secret: string };
      expect((await call(instances.firstOrigin, first, 'POST', '/users/alice/disable')).status).to.equal(200);

      const second = await token(instances.secondOrigin);
      const wanted = ['client.created', 'client.secret_rotated', 'user.locked'];
      let page: TrailPage = { items: [], next: null };
      // The trail is written in batches in the background: read until the session's events are there.
      for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
        page = (await (await call(instances.secondOrigin, second, 'GET', '/events?limit=200')).json()) as TrailPage;
        const tokensIssued = page.items.filter((event) => event.type === 'token.issued' && event.client === 'ops-bot').length;
        if (tokensIssued >= 2 && wanted.every((type) => page.items.some((event) => event.type === type))) break;
      }
      const byType = (type: string) => page.items.filter((event) => event.type === type && event.client !== 'ops-bot');
      expect(byType('client.created').map(({ actor, client, outcome }) => ({ actor, client, outcome }))).to.deep.equal([{ actor: 'admin:ops-bot', client: 'reports', outcome: 'success' }]);
      expect(byType('client.secret_rotated').map(({ actor, client }) => ({ actor, client }))).to.deep.equal([{ actor: 'admin:ops-bot', client: 'reports' }]);
      expect(byType('user.locked').map(({ actor, account }) => ({ actor, account }))).to.deep.equal([{ actor: 'admin:ops-bot', account: 'alice' }]);
      expect(page.items.filter((event) => event.type === 'token.issued' && event.client === 'ops-bot')).to.have.length(2);
      const answered = JSON.stringify(page);
      for (const secret of [opsSecret, firstSecret, secondSecret, first, second]) expect(answered).to.not.include(secret);
    });
  });
}
