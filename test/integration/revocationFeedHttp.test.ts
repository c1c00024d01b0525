import { expect } from 'chai';
import { StoreUnavailableError } from '../../src/domain/errors';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { authTestConfig } from '../support/authTestServer';
import { clockAndFastHashing } from '../support/clockAndFastHashing';
import { FixedClock } from '../support/FixedClock';
import { TYPES } from '../../src/interfaces/composition/types';

const FEED = '/auth/client/revocations';
const LOGIN = '/auth/oauth/jwt/token';
const REVOKE = '/auth/oauth/revoke';
/** A secret with the characters RFC 6749 §2.3.1's form-encoding must carry through Basic: colon, percent, plus, space. */
const SECRET = 'feed:secret%+ with-0123456789';
const formEncoded = (text: string) => new URLSearchParams([['', text]]).toString().slice(1);
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${formEncoded(id)}:${formEncoded(secret)}`).toString('base64')}`;
const BASIC = basic('feed-svc', SECRET);

/** The store as the feed reads it, failing as its adapter does when the database is unreachable while `down` is set. */
let down = false;
const UNREACHABLE = new StoreUnavailableError('the shared store is unreachable', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });

describe('the revocation feed over HTTP: no-store, 304 when nothing changed, Basic client authentication', function () {
  this.timeout(30_000);
  const clock = new FixedClock('2026-03-01T10:00:00Z');
  let auth: AuthServer;

  before(async () => {
    const config = authTestConfig({ AUTH_CLIENTS: `feed-svc:${SECRET}` });
    const withClock = clockAndFastHashing(config, clock);
    auth = await buildAuthServer(config, {
      configure: (container) => {
        withClock(container);
        container.onActivation(TYPES.RevocationStore, (_context, store: object) =>
          new Proxy(store, {
            get: (target, name, receiver) => {
              const value = Reflect.get(target, name, receiver) as unknown;
              if (typeof value !== 'function') return value;
              return (...args: unknown[]) => (down && (name === 'current' || name === 'changedSince') ? Promise.reject(UNREACHABLE) : (value as (...a: unknown[]) => unknown).apply(target, args));
            },
          }),
        );
      },
    });
  });

  after(async () => {
    down = false;
    await auth?.close();
  });

  const feed = () => request(auth.server).get(FEED);

  it('answers Basic credentials (form-decoded as at the token endpoint), and still the query pair of older clients', async () => {
    const byBasic = await feed().set('Authorization', BASIC).expect(200);
    expect(byBasic.body.data).to.deep.include({ subjects: [], tokens: [], full: true });
    const byQuery = await feed().query({ appId: 'feed-svc', appSecret: SECRET }).expect(200);
    expect(byQuery.body.data).to.deep.include({ subjects: [], tokens: [], full: true });
    // A query appId equal to the Basic one is the same client.
    await feed().query({ appId: 'feed-svc' }).set('Authorization', BASIC).expect(200);
  });

  it('refuses a wrong Basic secret with 401 and a Basic challenge, and both methods at once or a malformed Basic with 400', async () => {
    const wrong = await feed().set('Authorization', basic('feed-svc', 'not-the-secret'));
    expect([wrong.status, wrong.body.msg]).to.deep.equal([401, '客户端认证失败']);
    expect(wrong.headers['www-authenticate']).to.equal('Basic realm="client", charset="UTF-8"');
    expect((await feed().query({ appSecret: SECRET }).set('Authorization', BASIC)).status).to.equal(400);
    expect((await feed().query({ appId: 'other' }).set('Authorization', BASIC)).status).to.equal(400);
    expect((await feed().set('Authorization', `Basic ${Buffer.from('no-colon').toString('base64')}`)).status).to.equal(400);
    expect((await feed().set('Authorization', `Basic ${'A'.repeat(9000)}`)).status).to.equal(400);
  });

  it('answers 304 when nothing changed although time passed (full list and changes since a cursor), 200 once something did', async () => {
    const first = await feed().set('Authorization', BASIC).expect(200);
    clock.advanceSeconds(7);
    const again = await feed().set('Authorization', BASIC).set('If-None-Match', first.headers.etag);
    expect(again.status).to.equal(304);

    const since = String(first.body.data.cursor);
    const changes = await feed().query({ since }).set('Authorization', BASIC).expect(200);
    expect(changes.body.data).to.deep.include({ full: false, subjects: [], tokens: [] });
    clock.advanceSeconds(5);
    const later = await feed().query({ since }).set('Authorization', BASIC).set('If-None-Match', changes.headers.etag);
    expect(later.status).to.equal(304);

    const token = (await request(auth.server).post(LOGIN).send({ username: 'admin', password: 'any' }).expect(200)).body.data.access_token as string;
    await request(auth.server).post(REVOKE).set('Authorization', `Bearer ${token}`).type('form').send({ token }).expect(200);
    clock.advanceSeconds(1);
    const changed = await feed().query({ since }).set('Authorization', BASIC).set('If-None-Match', changes.headers.etag).expect(200);
    expect(changed.body.data.tokens).to.have.length(1);
    expect(changed.headers.etag).to.not.equal(changes.headers.etag);
  });

  it('says Cache-Control: no-store on every answer: 200, 304, 400, 401, 429 and 503', async () => {
    const statuses: number[] = [];
    const check = (res: request.Response) => {
      statuses.push(res.status);
      expect(res.headers['cache-control'], `HTTP ${res.status}`).to.equal('no-store');
    };
    const ok = await feed().set('Authorization', BASIC);
    check(ok);
    check(await feed().set('Authorization', BASIC).set('If-None-Match', ok.headers.etag));
    check(await feed());
    check(await feed().set('Authorization', basic('feed-svc', 'wrong-0')));
    down = true;
    try {
      check(await feed().set('Authorization', BASIC));
    } finally {
      down = false;
    }
    let throttled: request.Response | undefined;
    for (let guess = 1; guess <= 30 && throttled === undefined; guess++) {
      const res = await feed().set('Authorization', basic('feed-svc', `wrong-${guess}`));
      if (res.status === 429) throttled = res;
    }
    expect(throttled, 'no 429 after 30 wrong secrets').to.not.equal(undefined);
    check(throttled!);
    expect(statuses).to.deep.equal([200, 304, 400, 401, 503, 429]);
  });
});
