import { expect } from 'chai';
import type { AuthServer } from '../../src/interfaces/composition/authServerAssembly';
import { THROTTLED_KEY, THROTTLED_LOGIN } from '../support/attemptLimits';
import { authTestConfig, startAuthServer } from '../support/authTestServer';
import { buildAuthServer } from '../support/buildAuthServer';
import { LogCapture } from '../support/LogCapture';
import { loopbackAddress, loopbackRequest, type LoopbackResponse } from '../support/loopbackRequest';
import { addUserOn } from '../support/addTestUser';

const SECRET = 'Vq3xT9pL2mZr8KcW4nYb7HsD';
const LOGIN = '/auth/oauth/jwt/token';
const PASSWORD = 'correct horse battery staple';
/** The client service's usual address; the attackers use 127.0.1.x and up (loopbackAddress). */
const CLIENT_HOME = '127.0.0.2';

/** Each client-authenticating endpoint, as a request with the presented secret. */
const ENDPOINTS: ReadonlyArray<{ name: string; throttled: unknown; request: (secret: string) => { path: string; method?: string; headers?: Record<string, string>; body?: string } }> = [
  { name: 'GET /client/user/secret/key', throttled: THROTTLED_KEY, request: (secret) => ({ path: `/auth/client/user/secret/key?appId=svc&appSecret=${secret}` }) },
  { name: 'GET /client/user/secret/keys', throttled: THROTTLED_KEY, request: (secret) => ({ path: `/auth/client/user/secret/keys?appId=svc&appSecret=${secret}` }) },
  { name: 'GET /client/revocations', throttled: THROTTLED_KEY, request: (secret) => ({ path: `/auth/client/revocations?appId=svc&appSecret=${secret}` }) },
  {
    name: 'POST /oauth/token (client_credentials)',
    throttled: { error: 'temporarily_unavailable', error_description: 'too many wrong client secrets' },
    request: (secret) => ({
      path: '/auth/oauth/token',
      method: 'POST',
      headers: { authorization: 'Basic ' + Buffer.from(`svc:${secret}`).toString('base64'), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    }),
  },
  {
    name: 'POST /oauth/revoke',
    // RFC 6749 §5.2 style, like the token endpoint.
    throttled: { error: 'temporarily_unavailable', error_description: 'too many wrong client secrets' },
    request: (secret) => ({
      path: '/auth/oauth/revoke',
      method: 'POST',
      headers: { authorization: 'Basic ' + Buffer.from(`svc:${secret}`).toString('base64'), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=x.y.z',
    }),
  },
];

function send(port: number, from: string, request: { path: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<LoopbackResponse> {
  return loopbackRequest({ port, from, path: request.path, method: request.method, headers: request.headers, body: request.body });
}

const statusCounts = (answers: readonly LoopbackResponse[]): Record<number, number> =>
  answers.reduce<Record<number, number>>((counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }), {});

describe('limits without oracle or lockout (real HTTP from many loopback addresses)', function () {
  this.timeout(120_000);

  describe('client secrets', () => {
    for (const endpoint of ENDPOINTS) {
      it(`${endpoint.name}: once the appId is over its limit the right secret gets the same 429 as a wrong one, except at the client's usual address`, async () => {
        const { auth, origin } = await startAuthServer({ AUTH_CLIENTS: `svc:${SECRET}`, AUTH_SIGN_METHOD: 'hmac' });
        try {
          const port = Number(new URL(origin).port);
          expect((await send(port, CLIENT_HOME, endpoint.request(SECRET))).status, 'the client at home, before the attack').to.equal(200);

          // 300 guesses from 30 addresses, 10 each (each address stays within its own limit); the right secret is guess 150.
          const answers: LoopbackResponse[] = [];
          let right: LoopbackResponse | null = null;
          for (let round = 0; round < 10; round++) {
            const batch = await Promise.all(
              Array.from({ length: 30 }, (_, i) => {
                const isRight = round === 5 && i === 0;
                return send(port, loopbackAddress(i), endpoint.request(isRight ? SECRET : `guess-${round}-${i}`)).then((answer) => {
                  if (isRight) right = answer;
                  return answer;
                });
              }),
            );
            answers.push(...batch);
          }
          const counts = statusCounts(answers);
          console.log(`      ${endpoint.name}: 300 guesses from 30 addresses → ${JSON.stringify(counts)}; right secret from an attacker address: ${right!.status}`);

          expect(counts[200] ?? 0, 'no guess accepted').to.equal(0);
          expect(counts[401] ?? 0, 'wrong secrets evaluated').to.be.at.most(10);
          expect(right!.status, 'the right secret over the limit').to.equal(429);
          expect(JSON.parse(right!.body)).to.deep.equal(endpoint.throttled);
          const wrongRefusal = answers.find((answer) => answer.status === 429 && answer !== right)!;
          expect(right!.body, 'indistinguishable from a wrong one').to.equal(wrongRefusal.body);
          expect((await send(port, loopbackAddress(200), endpoint.request(SECRET))).status, 'the right secret from a fresh address').to.equal(429);
          expect((await send(port, CLIENT_HOME, endpoint.request(SECRET))).status, 'the client at home, during the attack').to.equal(200);
        } finally {
          await auth.close();
        }
      });
    }
  });

  describe('logins (database user store, real password hashing)', () => {
    let auth: AuthServer;
    let port: number;

    beforeEach(async () => {
      const running = await startAuthServer({ AUTH_USER_STORE: 'database' });
      auth = running.auth;
      port = Number(new URL(running.origin).port);
      const add = addUserOn(auth);
      for (const account of ['victim', 'bystander']) await add.execute({ account, password: PASSWORD, nickName: account });
    });

    afterEach(async () => {
      await auth.close();
    });

    const login = (from: string, username: string, password: string) => loopbackRequest({ port, from, path: LOGIN, json: { username, password } });

    it('refuses the right password like a wrong one once the account is over its limit; its owner at a known address still logs in', async () => {
      expect((await login('127.0.0.3', 'victim', PASSWORD)).status, 'the owner, before the attack').to.equal(200);
      const answers: LoopbackResponse[] = [];
      for (let i = 0; i < 40; i++) answers.push(await login(loopbackAddress(i), 'victim', `guess ${i}`));
      const right = await login(loopbackAddress(40), 'victim', PASSWORD);
      console.log(`      40 guesses from 40 addresses → ${JSON.stringify(statusCounts(answers))}; right password from a fresh address: ${right.status}`);

      expect(statusCounts(answers)[401], 'evaluated').to.be.at.most(10);
      expect(right.status).to.equal(429);
      expect(JSON.parse(right.body)).to.deep.equal(THROTTLED_LOGIN);
      expect((await login('127.0.0.3', 'victim', PASSWORD)).status, 'the owner at the known address').to.equal(200);
    });

    it('keeps a real user from another address logging in during a wrong-password flood from 40 addresses', async () => {
      // Each flooding address sends 3 logins at a time for as long as the real user tries (at most 300 each).
      const flood: LoopbackResponse[] = [];
      let userDone = false;
      const flooder = async (address: string): Promise<void> => {
        let sent = 0;
        const lane = async (): Promise<void> => {
          while (!userDone && sent < 300) {
            sent++;
            flood.push(await login(address, sent % 2 ? 'victim' : `nobody${sent}`, `wrong ${sent}`));
          }
        };
        await Promise.all([lane(), lane(), lane()]);
      };
      const flooding = Promise.all(Array.from({ length: 40 }, (_, i) => flooder(loopbackAddress(i))));

      // The real user tries like a person would, a second apart (Retry-After, at most a second here), at most 8 times.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const tries: number[] = [];
      let status = 0;
      while (status !== 200 && tries.length < 8) {
        const answer = await login('127.0.0.4', 'bystander', PASSWORD);
        status = answer.status;
        tries.push(status);
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      userDone = true;
      await flooding;
      const counts = statusCounts(flood);
      console.log(`      flood: ${flood.length} wrong logins from 40 addresses → ${JSON.stringify(counts)}; real user's answers: ${tries.join(',')}`);

      expect(status, `the real user's answers: ${tries.join(',')}`).to.equal(200);
      expect(counts[200] ?? 0).to.equal(0);
      // Every flood attempt counts against its address, hashed (401) or turned away by the capacity (503): past
      // 10 per address the flood only gets cheap 429s, and the capacity is free for everyone else.
      expect((counts[401] ?? 0) + (counts[503] ?? 0), 'flood attempts not refused by the limit: at most 10 per address').to.be.at.most(400);
    });
  });

  it('warns at start-up, outside production, about each client with a weak secret (never the secret)', async () => {
    const logs = new LogCapture();
    const server = await buildAuthServer(authTestConfig({ AUTH_CLIENTS: `demo:123456,svc:${SECRET}` }), { configure: logs.configure('warn') });
    try {
      const warning = logs.records().find((record) => String(record.msg).includes('weak client secrets'));
      expect(warning).to.deep.include({ clients: ['demo'] });
      expect(JSON.stringify(logs.records())).to.not.include('123456');
    } finally {
      await server.close();
    }
  });
});
