import { expect } from 'chai';
import request from 'supertest';
import { authenticatedUserOf } from '../../../src/domain/model/UserAccount';
import type { SignInSessionStore } from '../../../src/domain/ports/SignInSessionStore';
import type { UserRepository } from '../../../src/domain/ports/UserRepository';
import { TYPES } from '../../../src/interfaces/composition/types';
import { ADMIN, adminClientFlags, clientToken, expectProblem } from '../../support/adminApi';
import { FixedClock } from '../../support/FixedClock';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { enrolTotpOn } from '../../support/totpDevice';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

for (const backend of STORE_BACKENDS) {
  describe(`Admin API: second factors, the sessions' ETag and one-step If-Match, on two instances of one ${backend.name} store`, function () {
    this.timeout(60_000);
    const clock = new FixedClock(new Date());
    let instances: TwoInstancesOnOneStore;
    let ops: string;

    const a = () => request(instances.first.server);
    const b = () => request(instances.second.server);
    const bearer = () => `Bearer ${ops}`;

    before(async () => {
      let opsSecret = '';
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        register: async (cli) => {
          for (const account of ['alice', 'bob', 'carol']) await cli.addUser(account, '--nick', account);
          opsSecret = await cli.addClient('ops-bot', ...adminClientFlags('admin:read', 'admin:users'));
        },
      });
      ops = await clientToken(instances.first.server, 'ops-bot', opsSecret);
    });

    after(async () => {
      await instances?.dispose();
    });

    it('a user answers secondFactors exactly as `users list --json` prints it, at every instance, and its ETag changes with them', async () => {
      const before = await b().get(`${ADMIN}/users/alice`).set('Authorization', bearer()).expect(200);
      expect(before.body.secondFactors).to.deep.equal([]);
      await enrolTotpOn(instances.first, 'alice', clock);
      const after = await b().get(`${ADMIN}/users/alice`).set('Authorization', bearer()).expect(200);
      expect(after.body.secondFactors).to.deep.equal(['totp']);
      expect(after.headers.etag).to.not.equal(before.headers.etag);
      expect(after.text, 'the kind, never the secret').to.not.match(/secret|otpauth/i);
      const listed = JSON.parse((await instances.cli.users(['list', '--json'])).out.join('\n')) as Array<{ account: string }>;
      const page = await a().get(`${ADMIN}/users`).set('Authorization', bearer()).expect(200);
      expect(JSON.parse(JSON.stringify(page.body.items))).to.deep.equal(JSON.parse(JSON.stringify(listed)));
      expect(page.body.items.find((user: { account: string }) => user.account === 'alice').secondFactors).to.deep.equal(['totp']);
      const created = await a().post(`${ADMIN}/users`).set('Authorization', bearer()).send({ account: 'dave', password: 'dave-pass-1', nickName: 'Dave' }).expect(201);
      expect(created.body.secondFactors).to.deep.equal([]);
      expect((await b().get(`${ADMIN}/users/dave`).set('Authorization', bearer()).expect(200)).headers.etag).to.equal(created.headers.etag);
    });

    it("sessions: GET answers the whole list's strong ETag; DELETE with a stale If-Match is 412 and ends nothing, with the current one 204", async () => {
      const { container } = instances.first;
      const stored = await container.get<UserRepository>(TYPES.UserRepository).findByAccount('bob');
      const now = Math.floor(clock.now().getTime() / 1000);
      const sessions = container.get<SignInSessionStore>(TYPES.SignInSessionStore);
      await sessions.create('cookie-1', { user: authenticatedUserOf(stored!), authTime: now, expiresAt: now + 600, sid: 'sid-1' });
      const read = await b().get(`${ADMIN}/users/bob/sessions`).set('Authorization', bearer()).expect(200);
      expect(read.headers.etag).to.match(/^"[A-Za-z0-9_-]{43}"$/);
      expect((await a().get(`${ADMIN}/users/bob/sessions?limit=1`).set('Authorization', bearer()).expect(200)).headers.etag, 'every page, every instance').to.equal(read.headers.etag);
      // Another sign-in lands after the read: the admin's ETag is stale.
      await sessions.create('cookie-2', { user: authenticatedUserOf(stored!), authTime: now, expiresAt: now + 600, sid: 'sid-2' });
      expectProblem(await a().delete(`${ADMIN}/users/bob/sessions`).set('Authorization', bearer()).set('If-Match', read.headers.etag as string), 412, 'precondition-failed');
      const current = await a().get(`${ADMIN}/users/bob/sessions`).set('Authorization', bearer()).expect(200);
      expect(current.body.items.map((session: { sid: string }) => session.sid)).to.have.members(['sid-1', 'sid-2']);
      expect(current.headers.etag).to.not.equal(read.headers.etag);
      await b().delete(`${ADMIN}/users/bob/sessions`).set('Authorization', bearer()).set('If-Match', current.headers.etag as string).expect(204);
      expect((await a().get(`${ADMIN}/users/bob/sessions`).set('Authorization', bearer()).expect(200)).body).to.deep.equal({ items: [], next: null });
    });

    it('two PATCHes with the same If-Match at two instances at once: exactly one 200, the other 412, and the first change stands', async () => {
      const read = await a().get(`${ADMIN}/users/carol`).set('Authorization', bearer()).expect(200);
      const patch = (instance: () => request.Agent | ReturnType<typeof request>, status: string) =>
        instance().patch(`${ADMIN}/users/carol`).set('Authorization', bearer()).set('If-Match', read.headers.etag as string).type('application/merge-patch+json').send({ status });
      const answers = await Promise.all([patch(a, 'disabled'), patch(b, 'disabled')]);
      expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 412]);
      expectProblem(answers.find((answer) => answer.status === 412)!, 412, 'precondition-failed');
      const now = await b().get(`${ADMIN}/users/carol`).set('Authorization', bearer()).expect(200);
      expect(now.body.status).to.equal('disabled');
      const winner = answers.find((answer) => answer.status === 200)!;
      expect(winner.headers.etag).to.equal(now.headers.etag);
    });
  });
}
