import { expect } from 'chai';
import request from 'supertest';
import { ADMIN, adminClientFlags, clientToken, expectProblem } from '../../support/adminApi';
import { FixedClock } from '../../support/FixedClock';
import { basic } from '../../support/oauthTestHttp';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

for (const backend of STORE_BACKENDS) {
  describe(`Admin API resources on two instances of one ${backend.name} store`, function () {
    this.timeout(60_000);
    const clock = new FixedClock(new Date());
    let instances: TwoInstancesOnOneStore;
    /** ops-bot's token from instance A, used at both instances. */
    let ops: string;
    let webSecret: string;

    const a = () => request(instances.first.server);
    const b = () => request(instances.second.server);
    const bearer = () => `Bearer ${ops}`;
    const passwordGrant = (username: string, password: string) =>
      b().post('/auth/oauth/token').set('Authorization', basic('webapp', webSecret)).type('form').send({ grant_type: 'password', username, password });

    before(async () => {
      let opsSecret = '';
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        register: async (cli) => {
          await cli.addUser('alice', '--nick', 'Alice');
          opsSecret = await cli.addClient('ops-bot', ...adminClientFlags('admin:read', 'admin:users', 'admin:clients', 'admin:keys'));
          webSecret = await cli.addClient('webapp', '--confidential', '--grant', 'password', '--scope', 'orders');
        },
      });
      ops = await clientToken(instances.first.server, 'ops-bot', opsSecret);
    });

    after(async () => {
      await instances?.dispose();
    });

    it('users: created at A (201, Location, strong ETag), read at B with the same ETag, a second create is 409 naming the look-alike', async () => {
      const created = await a().post(`${ADMIN}/users`).set('Authorization', bearer()).send({ account: 'bob', password: 'bob-pass-1', nickName: 'Bob', email: 'bob@example.com' }).expect(201);
      expect(created.headers.location).to.equal(`${ADMIN}/users/bob`);
      expect(created.headers.etag).to.match(/^"[A-Za-z0-9_-]{43}"$/);
      expect(created.body).to.include({ account: 'bob', nickName: 'Bob', email: 'bob@example.com', status: 'active', userType: '4' });
      expect(created.text).to.not.match(/hash|bob-pass-1/i);
      const read = await b().get(`${ADMIN}/users/bob`).set('Authorization', bearer()).expect(200);
      expect(read.headers.etag).to.equal(created.headers.etag);
      expect(read.body).to.deep.equal(created.body);
      const again = await b().post(`${ADMIN}/users`).set('Authorization', bearer()).send({ account: 'BOB', password: 'bob-pass-2', nickName: 'Bob' });
      expectProblem(again, 409, 'conflict');
      expect(again.body.detail).to.include('"bob"');
      expect((await passwordGrant('bob', 'bob-pass-1')).status, 'the user created at A signs in at B').to.equal(200);
    });

    it('users: a malformed body, an unknown field or a bad value is 400 with each failing field in invalid-params; a short password too', async () => {
      const post = (body: unknown) => a().post(`${ADMIN}/users`).set('Authorization', bearer()).send(body as object);
      expectProblem(await post({ account: 'carol', password: 'carol-pass', nickName: 'Carol', role: 'admin', grade: 7 }), 400, 'invalid-request', ['role', 'grade']);
      expectProblem(await post({ account: 'carol', password: 'carol-pass', nickName: ' Carol' }), 400, 'invalid-request', ['nickName']);
      expectProblem(await post({ account: 'carol', password: 'short', nickName: 'Carol' }), 400, 'invalid-request', ['password']);
      expectProblem(await post({ password: 'carol-pass' }), 400, 'invalid-request', ['account', 'nickName']);
      const malformed = await a().post(`${ADMIN}/users`).set('Authorization', bearer()).type('application/json').send('{"account":');
      expectProblem(malformed, 400, 'invalid-request', ['(body)']);
      const form = await a().post(`${ADMIN}/users`).set('Authorization', bearer()).type('form').send({ account: 'carol' });
      expectProblem(form, 415, 'unsupported-media-type');
      expectProblem(await a().get(`${ADMIN}/users/carol`).set('Authorization', bearer()), 404, 'not-found');
    });

    it('users: PATCH needs If-Match (428), a stale one from a second admin is 412, the current one disables at once on every instance', async () => {
      const read = await a().get(`${ADMIN}/users/alice`).set('Authorization', bearer()).expect(200);
      const etag = read.headers.etag as string;
      expectProblem(await a().patch(`${ADMIN}/users/alice`).set('Authorization', bearer()).send({ status: 'disabled' }), 428, 'precondition-required');
      // A second admin changes alice first (its own read, its own ETag): the first admin's ETag is now stale.
      await b().post(`${ADMIN}/users/alice/disable`).set('Authorization', bearer()).expect(200);
      const stale = await a().patch(`${ADMIN}/users/alice`).set('Authorization', bearer()).set('If-Match', etag).type('application/merge-patch+json').send({ status: 'active' });
      expectProblem(stale, 412, 'precondition-failed');
      expect((await passwordGrant('alice', 'alice-pass')).status, 'disabled: no token at B').to.equal(400);
      const now = await b().get(`${ADMIN}/users/alice`).set('Authorization', bearer()).expect(200);
      const patched = await a()
        .patch(`${ADMIN}/users/alice`)
        .set('Authorization', bearer())
        .set('If-Match', now.headers.etag as string)
        .type('application/merge-patch+json')
        .send(JSON.stringify({ ...now.body, status: 'active' }))
        .expect(200);
      expect(patched.body.status).to.equal('active');
      expect(patched.headers.etag).to.not.equal(now.headers.etag);
      expect((await passwordGrant('alice', 'alice-pass')).status).to.equal(200);
      const readOnly = await a().patch(`${ADMIN}/users/alice`).set('Authorization', bearer()).set('If-Match', patched.headers.etag as string).send({ nickName: 'Mallory' });
      expectProblem(readOnly, 400, 'invalid-request', ['nickName']);
    });

    it('users: PUT password revokes the old one everywhere; DELETE honours If-Match and answers 204, then 404', async () => {
      expectProblem(await a().put(`${ADMIN}/users/bob/password`).set('Authorization', bearer()).send({ password: 'tiny' }), 400, 'invalid-request', ['password']);
      await a().put(`${ADMIN}/users/bob/password`).set('Authorization', bearer()).send({ password: 'bob-new-pass' }).expect(204);
      expect((await passwordGrant('bob', 'bob-pass-1')).status).to.equal(400);
      expect((await passwordGrant('bob', 'bob-new-pass')).status).to.equal(200);
      expectProblem(await b().delete(`${ADMIN}/users/bob`).set('Authorization', bearer()).set('If-Match', '"stale"'), 412, 'precondition-failed');
      const current = await b().get(`${ADMIN}/users/bob`).set('Authorization', bearer()).expect(200);
      await b().delete(`${ADMIN}/users/bob`).set('Authorization', bearer()).set('If-Match', current.headers.etag as string).expect(204);
      expectProblem(await a().get(`${ADMIN}/users/bob`).set('Authorization', bearer()), 404, 'not-found');
    });

    it('users: sessions and consents list as pages and end through the same use cases as the CLI', async () => {
      const sessions = await a().get(`${ADMIN}/users/alice/sessions`).set('Authorization', bearer()).expect(200);
      expect(sessions.body).to.deep.equal({ items: [], next: null });
      await b().delete(`${ADMIN}/users/alice/sessions`).set('Authorization', bearer()).expect(204);
      expect((await a().get(`${ADMIN}/users/alice/consents`).set('Authorization', bearer()).expect(200)).body).to.deep.equal({ items: [], next: null });
      expectProblem(await a().delete(`${ADMIN}/users/alice/consents/webapp`).set('Authorization', bearer()), 404, 'not-found');
      expectProblem(await a().get(`${ADMIN}/users/nobody/sessions`).set('Authorization', bearer()), 404, 'not-found');
    });

    it('lists: limit 50 by default, above 200 or not a number 400, an opaque cursor walks every page once', async () => {
      for (const name of ['dave', 'erin', 'frank']) {
        await a().post(`${ADMIN}/users`).set('Authorization', bearer()).send({ account: name, password: `${name}-pass`, nickName: name }).expect(201);
      }
      const all = await a().get(`${ADMIN}/users`).set('Authorization', bearer()).expect(200);
      expect(all.body.next).to.equal(null);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: request.Response = await b().get(`${ADMIN}/users`).query({ limit: 2, ...(cursor === null ? {} : { cursor }) }).set('Authorization', bearer()).expect(200);
        expect(page.body.items.length).to.be.at.most(2);
        seen.push(...(page.body.items as Array<{ account: string }>).map((user) => user.account));
        cursor = page.body.next as string | null;
      } while (cursor !== null);
      expect(seen).to.deep.equal((all.body.items as Array<{ account: string }>).map((user) => user.account));
      expect(seen).to.include.members(['alice', 'dave', 'erin', 'frank']);
      for (const limit of ['201', 'abc', '0', '-1', '1.5']) expectProblem(await a().get(`${ADMIN}/users`).query({ limit }).set('Authorization', bearer()), 400, 'invalid-request', ['limit']);
      expectProblem(await a().get(`${ADMIN}/users`).query({ cursor: 'not-ours' }).set('Authorization', bearer()), 400, 'invalid-request', ['cursor']);
      const clients = (await a().get(`${ADMIN}/clients`).query({ limit: 200 }).set('Authorization', bearer()).expect(200)).body.items as Array<{ id: string }>;
      expect(clients.map((client) => client.id)).to.include.members(['ops-bot', 'webapp']);
      const firstClient = await b().get(`${ADMIN}/clients`).query({ limit: 1 }).set('Authorization', bearer()).expect(200);
      expect(firstClient.body.items.map((client: { id: string }) => client.id)).to.deep.equal([clients[0].id]);
      const secondClient = await a().get(`${ADMIN}/clients`).query({ limit: 1, cursor: firstClient.body.next as string }).set('Authorization', bearer()).expect(200);
      expect(secondClient.body.items.map((client: { id: string }) => client.id)).to.deep.equal([clients[1].id]);
    });

    it('clients: created at A with its secret once, it gets tokens at B; a rotated secret refuses the old one at once', async () => {
      const created = await a()
        .post(`${ADMIN}/clients`)
        .set('Authorization', bearer())
        .send({ id: 'reports', kind: 'confidential', grants: ['client_credentials'], scopes: ['reports:read'], name: 'Reports' })
        .expect(201);
      expect(created.headers.location).to.equal(`${ADMIN}/clients/reports`);
      expect(created.body).to.include({ id: 'reports', kind: 'confidential', name: 'Reports', backchannelLogoutUri: null, backchannelLogoutSessionRequired: false });
      const secret = created.body.secret as string;
      expect(secret).to.be.a('string').with.length.greaterThan(20);
      await clientToken(instances.second.server, 'reports', secret);
      const read = await b().get(`${ADMIN}/clients/reports`).set('Authorization', bearer()).expect(200);
      expect(read.body).to.not.have.property('secret');
      expect(read.text).to.not.include(secret);
      expect(read.headers.etag).to.equal(created.headers.etag);
      const rotated = await b().post(`${ADMIN}/clients/reports/secret`).set('Authorization', bearer()).expect(200);
      expect(rotated.body.id).to.equal('reports');
      expect(rotated.body.secret).to.not.equal(secret);
      const old = await a().post('/auth/oauth/token').set('Authorization', basic('reports', secret)).type('form').send({ grant_type: 'client_credentials' });
      expect(old.status).to.equal(401);
      await clientToken(instances.first.server, 'reports', rotated.body.secret as string);
      expectProblem(await a().post(`${ADMIN}/clients`).set('Authorization', bearer()).send({ id: 'reports', kind: 'public', redirectUris: ['https://r.example/cb'] }), 409, 'conflict');
    });

    it('clients: merge patch with If-Match (null clears, lists replace), a stale one is 412, id and kind read-only; bad values name their field', async () => {
      const read = await a().get(`${ADMIN}/clients/reports`).set('Authorization', bearer()).expect(200);
      expectProblem(await a().patch(`${ADMIN}/clients/reports`).set('Authorization', bearer()).send({ name: null }), 428, 'precondition-required');
      const patched = await b()
        .patch(`${ADMIN}/clients/reports`)
        .set('Authorization', bearer())
        .set('If-Match', read.headers.etag as string)
        .type('application/merge-patch+json')
        .send(JSON.stringify({ name: null, scopes: ['reports:read', 'reports:write'] }))
        .expect(200);
      expect(patched.body).to.include({ name: null });
      expect(patched.body.scopes).to.deep.equal(['reports:read', 'reports:write']);
      expect(patched.body.grants).to.deep.equal(['client_credentials']);
      const stale = await a().patch(`${ADMIN}/clients/reports`).set('Authorization', bearer()).set('If-Match', read.headers.etag as string).send({ name: 'Mine' });
      expectProblem(stale, 412, 'precondition-failed');
      const etag = patched.headers.etag as string;
      expectProblem(await a().patch(`${ADMIN}/clients/reports`).set('Authorization', bearer()).set('If-Match', etag).send({ kind: 'public', colour: 'red' }), 400, 'invalid-request', ['colour']);
      expectProblem(await a().patch(`${ADMIN}/clients/reports`).set('Authorization', bearer()).set('If-Match', etag).send({ kind: 'public' }), 400, 'invalid-request', ['kind']);
      expectProblem(await a().patch(`${ADMIN}/clients/reports`).set('Authorization', bearer()).set('If-Match', etag).send({ logoUri: 'javascript:alert(1)' }), 400, 'invalid-request', ['logoUri']);
      expectProblem(await a().patch(`${ADMIN}/clients/reports`).set('Authorization', bearer()).set('If-Match', etag).send({ scopes: 'reports:read' }), 400, 'invalid-request', ['scopes']);
      const publicAdmin = await a().post(`${ADMIN}/clients`).set('Authorization', bearer()).send({ id: 'spa', kind: 'public', redirectUris: ['https://spa.example/cb'], scopes: ['admin:read'] });
      expectProblem(publicAdmin, 400, 'invalid-request', ['scopes']);
      expectProblem(await a().get(`${ADMIN}/clients/nobody`).set('Authorization', bearer()), 404, 'not-found');
    });

    it('clients: DELETE removes at once for every instance (204), then 404', async () => {
      const read = await a().get(`${ADMIN}/clients/reports`).set('Authorization', bearer()).expect(200);
      await a().delete(`${ADMIN}/clients/reports`).set('Authorization', bearer()).set('If-Match', read.headers.etag as string).expect(204);
      expectProblem(await b().get(`${ADMIN}/clients/reports`).set('Authorization', bearer()), 404, 'not-found');
      expectProblem(await b().post(`${ADMIN}/clients/reports/secret`).set('Authorization', bearer()), 404, 'not-found');
    });

    it('keys: listed without key material, rotated (publish before sign) and a published key revoked; an unknown kid is 404', async () => {
      const before = await a().get(`${ADMIN}/keys`).set('Authorization', bearer()).expect(200);
      expect(before.body.items.map((key: { state: string }) => key.state)).to.include('active');
      expect(before.text).to.not.match(/PRIVATE|privateKey|publicKey/);
      const rotated = await b().post(`${ADMIN}/keys/rotate`).set('Authorization', bearer()).expect(200);
      expect(rotated.body).to.include({ created: true });
      expect(rotated.body.next.state).to.equal('next');
      expect((await a().post(`${ADMIN}/keys/rotate`).set('Authorization', bearer()).expect(200)).body.created).to.equal(false);
      const revoked = await a().post(`${ADMIN}/keys/${rotated.body.next.kid as string}/revoke`).set('Authorization', bearer()).expect(200);
      expect(revoked.body).to.include({ kid: rotated.body.next.kid, state: 'revoked' });
      expectProblem(await a().post(`${ADMIN}/keys/no-such-kid/revoke`).set('Authorization', bearer()), 404, 'not-found');
    });
  });
}
