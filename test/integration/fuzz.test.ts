import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import type { AuthServer } from '../../src/interfaces/composition/authServerAssembly';
import { buildAuthServer } from '../support/buildAuthServer';
import { addUserOn } from '../support/addTestUser';
import { authTestConfig } from '../support/authTestServer';
import { PostgresDatabase } from '../support/postgresDatabase';
import { fastPasswordHashing } from '../support/fastPasswordHashing';

const LOGIN = '/auth/oauth/jwt/token';
const DETAILS = '/auth/current/user/details';
const RUNS = 200;
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Every answer, whatever came in: no 5xx, the envelope in its fixed order, status mirrored in the body. */
function expectEnvelope(response: request.Response): void {
  expect(response.status, response.text).to.be.below(500);
  expect(response.headers['content-type']).to.match(/^application\/json/);
  expect(Object.keys(response.body as object)).to.deep.equal(['success', 'status', 'msg', 'data']);
  expect(response.body.status).to.equal(response.status);
  expect(response.body.success).to.equal(response.status === 200);
  expect(response.body.msg).to.be.a('string').and.not.equal('');
}

/** JSON text written by hand, so keys such as __proto__ reach the server as real own keys. */
function objectText(entries: ReadonlyArray<readonly [string, string]>): string {
  return `{${entries.map(([key, valueText]) => `${JSON.stringify(key)}:${valueText}`).join(',')}}`;
}

const jsonText = fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null');
const hugeString = fc
  .tuple(fc.string({ minLength: 1, maxLength: 4, unit: 'grapheme' }), fc.integer({ min: 0, max: 90_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));
const loginKey = fc.constantFrom('username', 'password', 'code', ...POLLUTING_KEYS);

/** Bodies aimed at the login endpoint: anything JSON, deep nesting, huge strings, polluting keys. */
const loginBody = fc.oneof(
  jsonText,
  fc.array(fc.tuple(fc.oneof(loginKey, fc.string({ maxLength: 12 })), jsonText), { maxLength: 6 }).map(objectText),
  fc
    .record({ username: hugeString, password: hugeString })
    .map(({ username, password }) => JSON.stringify({ username, password })),
  fc.integer({ min: 1, max: 40_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc
    .tuple(fc.constantFrom(...POLLUTING_KEYS), fc.integer({ min: 1, max: 2_000 }))
    .map(([key, depth]) => `${`{"${key}":`.repeat(depth)}{"polluted":true,"username":"u","password":"p"}${'}'.repeat(depth)}`),
  fc.constantFrom(
    '{"__proto__":{"polluted":"yes"},"username":"u","password":"p"}',
    '{"constructor":{"prototype":{"polluted":"yes"}},"username":"u","password":"p"}',
    '{"username":{"__proto__":{"polluted":"yes"}},"password":"p"}',
  ),
  fc.string({ maxLength: 200 }),
);

const base64urlPart = fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('base64url'));
const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const headerValue = fc.uint8Array({ maxLength: 400 }).map((bytes) =>
  // Bytes a client can put in a header field: tab, visible ASCII, and obs-text as latin1.
  Buffer.from(bytes.map((b) => (b === 9 || (b >= 0x20 && b !== 0x7f) ? b : 0x20 + (b % 0x5f)))).toString('latin1'),
);
const algorithm = fc.oneof(fc.constantFrom('none', 'None', 'HS256', 'HS512', 'RS256', 'PS256', 'ES256', 'EdDSA', ''), fc.string({ maxLength: 8 }));
const claims = fc.record(
  {
    account: fc.oneof(fc.constant('admin'), fc.jsonValue({ maxDepth: 1 })),
    nickName: fc.string({ maxLength: 10 }),
    userId: fc.oneof(fc.constant('1'), fc.integer()),
    userType: fc.constant('4'),
    iss: fc.constant('http://localhost/auth'),
    exp: fc.oneof(fc.constant(4_102_444_800), fc.integer(), fc.string({ maxLength: 5 })),
  },
  { requiredKeys: [] },
);

/** Text with any UTF-16 code unit (controls, NUL, lone surrogates) as a login field. */
const anyCodeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 300 });
const UNSAFE = /[\u0000-\u001f\u007f]|\p{Cs}/u;

interface FuzzBackend {
  readonly name: string;
  /** The service's settings on this backend, and what to drop when done. */
  setUp(): Promise<{ env: Record<string, string>; dispose(): Promise<void> }>;
}

/** The stub login on in-memory SQLite, and the database user store on PostgreSQL (where NUL once answered 500). */
const FUZZ_BACKENDS: readonly FuzzBackend[] = [
  { name: 'SQLite, stub login', setUp: async () => ({ env: {}, dispose: async () => undefined }) },
  {
    name: 'PostgreSQL, database user store',
    setUp: async () => {
      const database = await PostgresDatabase.create();
      // A limit the runs never reach: every answer here is about the input, not 429.
      const env = { AUTH_DATABASE_URL: database.url, AUTH_USER_STORE: 'database', AUTH_LOGIN_MAX_ATTEMPTS: '100000' };
      return { env, dispose: () => database.drop() };
    },
  },
];

for (const backend of FUZZ_BACKENDS) describe(`hostile input (property-based, against the running app, ${backend.name})`, function () {
  this.timeout(180_000);
  let dispose: () => Promise<void>;
  let auth: AuthServer;
  let publicKey: string;
  let kid: string;
  let prototypeKeys: string[];

  before(async () => {
    prototypeKeys = Object.getOwnPropertyNames(Object.prototype);
    const setUp = await backend.setUp();
    dispose = setUp.dispose;
    const config = authTestConfig({ AUTH_SIGN_METHOD: 'rsa', ...setUp.env });
    auth = await buildAuthServer(config, { configure: fastPasswordHashing(config) });
    if (setUp.env.AUTH_USER_STORE === 'database') await addUserOn(auth).execute({ account: 'admin', password: 'x', nickName: 'Admin' });
    const key = await request(auth.server).get('/auth/client/user/secret/key').query({ appId: 'fuzz', appSecret: 'fuzz' });
    publicKey = key.body.data as string;
    const login = await request(auth.server).post(LOGIN).send({ username: 'admin', password: 'x' });
    kid = (JSON.parse(Buffer.from((login.body.data.access_token as string).split('.')[0], 'base64url').toString()) as { kid: string }).kid;
  });

  after(async () => {
    await auth?.close();
    await dispose?.();
  });

  it('answers any login body with the envelope and never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(loginBody, async (body) => {
        const response = await request(auth.server).post(LOGIN).set('Content-Type', 'application/json').send(body);
        expectEnvelope(response);
        // 401: a well-formed login of an unknown user (the database store; the stub logs anyone in).
        expect([200, 400, 401, 413]).to.include(response.status);
        if (response.status === 200) expect(response.body.data.access_token).to.be.a('string');
      }),
      { numRuns: RUNS },
    );
  });

  it('answers 400 before the user store to any control character or lone surrogate in username or password, and never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(anyCodeUnits, anyCodeUnits, async (username, password) => {
        const response = await request(auth.server).post(LOGIN).send({ username, password });
        expectEnvelope(response);
        if (UNSAFE.test(username) || UNSAFE.test(password)) expect(response.body.msg).to.equal('登录认证信息不全!!!');
        expect([200, 400, 401]).to.include(response.status);
      }),
      // Each safe pair costs a password hash check on the database store: fewer runs keep the file quick.
      { numRuns: RUNS / 4 },
    );
  });

  it('answers any Authorization header value with the envelope, and 401 unless it is a real token', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(headerValue, headerValue.map((value) => `Bearer ${value}`)), async (value) => {
        const response = await request(auth.server).get(DETAILS).set('Authorization', value);
        expectEnvelope(response);
        expect(response.status).to.equal(401);
      }),
      { numRuns: RUNS },
    );
  });

  it('rejects random JWT-shaped tokens with 401', async () => {
    await fc.assert(
      fc.asyncProperty(fc.tuple(base64urlPart, base64urlPart, base64urlPart), fc.constantFrom('.', '..'), async ([a, b, c], dot) => {
        const response = await request(auth.server).get(DETAILS).set('Authorization', `Bearer ${a}.${b}${dot}${c}`);
        expectEnvelope(response);
        expect(response.status).to.equal(401);
      }),
      { numRuns: RUNS },
    );
  });

  it('rejects tokens with random headers, algorithms and kids, including none and HS256 keyed with the public key', async () => {
    await fc.assert(
      fc.asyncProperty(
        algorithm,
        fc.option(fc.oneof(fc.constant('ours'), fc.string({ maxLength: 20 }))),
        claims,
        fc.constantFrom('empty', 'random', 'hmac-with-public-key'),
        base64urlPart,
        async (alg, kidChoice, payload, signatureKind, randomSignature) => {
          const header: Record<string, unknown> = { alg, typ: 'JWT' };
          if (kidChoice !== null) header.kid = kidChoice === 'ours' ? kid : kidChoice;
          const input = `${segment(header)}.${segment(payload)}`;
          const signature =
            signatureKind === 'empty'
              ? ''
              : signatureKind === 'random'
                ? randomSignature
                : // The classic algorithm-confusion forgery: the public key text used as an HMAC secret.
                  createHmac('sha256', publicKey).update(input).digest('base64url');
          const response = await request(auth.server).get(DETAILS).set('Authorization', `Bearer ${input}.${signature}`);
          expectEnvelope(response);
          expect(response.status).to.equal(401);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('left Object.prototype untouched and still serves a real login and token', async () => {
    expect(Object.getOwnPropertyNames(Object.prototype)).to.deep.equal(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    const login = await request(auth.server).post(LOGIN).send({ username: 'admin', password: 'x' });
    expect(login.status).to.equal(200);
    const details = await request(auth.server).get(DETAILS).set('Authorization', `Bearer ${login.body.data.access_token}`);
    expect(details.status).to.equal(200);
    expect(details.body.data.account).to.equal('admin');
  });
});
