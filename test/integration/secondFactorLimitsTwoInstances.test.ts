import { expect } from 'chai';
import request from 'supertest';
import { FixedClock } from '../support/FixedClock';
import { STORE_BACKENDS } from '../support/storeBackends';
import { enrolTotpOn, type EnrolledTotp } from '../support/totpDevice';
import { TwoInstancesOnOneStore } from '../support/TwoInstancesOnOneStore';

const LOGIN = '/auth/oauth/jwt/token';
const LIMIT = 10;

/** Wrong codes spend the account's login allowance in the shared store: every instance refuses past it, the right code too. */
for (const backend of STORE_BACKENDS.filter((candidate) => candidate.name === 'PostgreSQL')) {
  describe(`second-factor limits across two instances on ${backend.name}`, function () {
    this.timeout(60_000);
    const clock = new FixedClock('2026-03-01T10:00:05Z');
    let instances: TwoInstancesOnOneStore;
    let alice: EnrolledTotp;

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        env: { AUTH_LOGIN_MAX_ATTEMPTS: String(LIMIT) },
        register: (cli) => cli.addUser('alice', '--nick', 'Alice'),
      });
      alice = await enrolTotpOn(instances.first, 'alice', clock);
    });

    after(() => instances?.dispose());

    const login = (origin: string, otp: string) => request(origin).post(LOGIN).send({ username: 'alice', password: 'alice-pass', otp });

    it('users list shows the factor kinds, reset-second-factor removes them and ends the sessions and tokens: the password alone signs in again', async () => {
      await instances.cli.addUser('bob', '--nick', 'Bob');
      await enrolTotpOn(instances.second, 'bob', clock);
      const listed = JSON.parse((await instances.cli.users(['list', '--json'])).out.join('\n')) as { account: string; secondFactors: string[] }[];
      expect(listed.map(({ account, secondFactors }) => [account, secondFactors])).to.deep.equal([['alice', ['totp']], ['bob', ['totp']]]);
      expect(JSON.stringify(listed)).not.to.match(/secret/i);
      expect((await request(instances.firstOrigin).post(LOGIN).send({ username: 'bob', password: 'bob-pass' })).status).to.equal(401);
      const reset = await instances.cli.users(['reset-second-factor', 'bob']);
      expect(reset.code).to.equal(0);
      const after = JSON.parse((await instances.cli.users(['list', '--json'])).out.join('\n')) as { account: string; secondFactors: string[] }[];
      expect(after.find((user) => user.account === 'bob')?.secondFactors).to.deep.equal([]);
      expect((await request(instances.secondOrigin).post(LOGIN).send({ username: 'bob', password: 'bob-pass' })).status).to.equal(200);
    });

    it(`counts wrong codes sent to either instance against one allowance: past ${LIMIT}, 429 on both, the right code refused too; a code accepted once is refused on the other`, async () => {
      clock.advanceSeconds(30);
      const accepted = await login(instances.firstOrigin, alice.device.code(clock.now()));
      expect(accepted.status).to.equal(200);
      expect((await login(instances.secondOrigin, alice.device.code(clock.now()))).body.msg).to.equal('需要第二步验证');
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++) statuses.push((await login(i % 2 === 0 ? instances.firstOrigin : instances.secondOrigin, '000000')).status);
      expect(statuses.filter((status) => status === 401).length, statuses.join(' ')).to.be.at.most(LIMIT - 1);
      expect(statuses.at(-1)).to.equal(429);
      clock.advanceSeconds(30);
      for (const origin of [instances.firstOrigin, instances.secondOrigin]) {
        const right = await login(origin, alice.device.code(clock.now()));
        expect(right.status).to.equal(429);
        expect(right.body.msg).to.equal('登录尝试过于频繁，请稍后再试');
        expect(right.headers['retry-after']).to.match(/^\d+$/);
      }
    });
  });
}
