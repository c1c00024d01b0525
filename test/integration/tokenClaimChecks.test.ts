import { expect } from 'chai';
import request from 'supertest';
import type { KeyRing } from '../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../src/domain/model/SigningKeyPair';
import { privateKeyFromText } from '../../src/infrastructure/crypto/keyText';
import type { ClientDemo } from '../../src/interfaces/composition/clientDemo';
import { TYPES } from '../../src/interfaces/composition/types';
import { CURRENT_USER_PATH, MSG } from '../support/authContract';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';
import { buildTestClient } from '../support/clientTestDemo';
import { compactJws, rsaSha256 } from '../support/compactJws';
import { FakeKeyServer } from '../support/FakeKeyServer';
import { FixedClock } from '../support/FixedClock';
import { signingKey, signToken, stubClaims } from '../support/testKeys';

const CLIENT_DETAILS = '/auth-client-demo/current/user/details';
const ISSUER = 'http://localhost/auth';
const TTL = 600;
const TOLERANCE = 30;

/**
 * RFC 8725 checks in the one verifier both services use: each defect is tried
 * at the auth service's /auth/current/user/details and at the demo client, with
 * a token signed by the auth service's genuine key, so only the defect refuses it.
 */
describe('token claim checks (RFC 8725) at the auth service and the demo client', () => {
  let running: RunningAuthServer;
  let client: ClientDemo;
  let key: SigningKeyPair;
  const clock = new FixedClock(new Date());

  before(async () => {
    running = await startAuthServer({ AUTH_TOKEN_TTL_SECONDS: String(TTL), AUTH_CLOCK_TOLERANCE_SECONDS: String(TOLERANCE) }, (c) =>
      c.rebind(TYPES.Clock).toConstantValue(clock),
    );
    key = running.auth.container.get<KeyRing>(TYPES.KeyRing).activeKey();
    // No AUTH_ISSUER: the client learns the issuer from the auth service.
    client = buildTestClient({
      AUTH_SERVER_URL: running.origin,
      AUTH_MAX_TOKEN_LIFETIME_SECONDS: String(TTL),
      AUTH_CLOCK_TOLERANCE_SECONDS: String(TOLERANCE),
    }, (c) => c.rebind(TYPES.Clock).toConstantValue(clock));
    expect((await client.provider.refresh()).outcome).to.equal('replaced');
  });

  after(async () => {
    await client?.close();
    await running?.auth.close();
  });

  const now = () => Math.floor(clock.now().getTime() / 1000);

  function token(claims: Record<string, unknown>, header: Record<string, unknown> = {}): string {
    const payload = { ...stubClaims({ iat: now(), exp: now() + TTL }), ...claims };
    for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name as keyof typeof payload];
    return compactJws({ alg: 'RS256', typ: 'JWT', kid: key.kid, ...header }, payload, rsaSha256(privateKeyFromText(key.privateKey)));
  }

  async function statusAtBoth(jwt: string): Promise<[number, number]> {
    const atAuth = await request(running.auth.server).get(CURRENT_USER_PATH).set('Authorization', `Bearer ${jwt}`);
    const atClient = await request(client.server).get(CLIENT_DETAILS).set('Authorization', `Bearer ${jwt}`);
    for (const res of [atAuth, atClient]) {
      if (res.status === 401) expect(res.body.msg).to.be.oneOf([MSG.tokenInvalid, MSG.tokenExpired]);
    }
    return [atAuth.status, atClient.status];
  }

  it('accepts the well-formed control token on both services', async () => {
    expect(await statusAtBoth(token({}))).to.deep.equal([200, 200]);
  });

  it('refuses a token whose header has crit (RFC 7515 §4.1.11), even naming a claim it has', async () => {
    expect(await statusAtBoth(token({}, { crit: ['exp'] }))).to.deep.equal([401, 401]);
    expect(await statusAtBoth(token({}, { crit: [] }))).to.deep.equal([401, 401]);
  });

  it('refuses iat later than now + clock tolerance, accepts it within the tolerance', async () => {
    const future = now() + 3600;
    expect(await statusAtBoth(token({ iat: future, exp: future + TTL }))).to.deep.equal([401, 401]);
    const slightlyAhead = now() + TOLERANCE - 5;
    expect(await statusAtBoth(token({ iat: slightlyAhead, exp: slightlyAhead + TTL }))).to.deep.equal([200, 200]);
  });

  it('refuses exp − iat beyond the token lifetime + tolerance (exp in the year 3000), accepts exactly the lifetime', async () => {
    expect(await statusAtBoth(token({ exp: Date.parse('3000-01-01T00:00:00Z') / 1000 }))).to.deep.equal([401, 401]);
    expect(await statusAtBoth(token({ exp: now() + TTL + TOLERANCE + 5 }))).to.deep.equal([401, 401]);
    expect(await statusAtBoth(token({ exp: now() + TTL }))).to.deep.equal([200, 200]);
  });

  it('honours nbf: refused before it (beyond the tolerance), accepted after', async () => {
    expect(await statusAtBoth(token({ nbf: now() + 300 }))).to.deep.equal([401, 401]);
    expect(await statusAtBoth(token({ nbf: now() - 10 }))).to.deep.equal([200, 200]);
  });

  it('requires exp and iat', async () => {
    expect(await statusAtBoth(token({ exp: undefined }))).to.deep.equal([401, 401]);
    expect(await statusAtBoth(token({ iat: undefined }))).to.deep.equal([401, 401]);
  });

  it('checks iss by default: the client learned the issuer from discovery and refuses any other', async () => {
    expect(client.provider.state().issuer).to.equal(ISSUER);
    expect(await statusAtBoth(token({ iss: 'https://attacker.example/auth' }))).to.deep.equal([401, 401]);
    expect(await statusAtBoth(token({ iss: undefined }))).to.deep.equal([401, 401]);
  });

  it('a cached token is refused once a check refuses it (exp passed): the cache never outlives the checks', async () => {
    const shortLived = token({ exp: now() + 1 - TOLERANCE });
    expect(await statusAtBoth(shortLived)).to.deep.equal([200, 200]);
    clock.advanceSeconds(2);
    const [atAuth, atClient] = await statusAtBoth(shortLived);
    expect([atAuth, atClient]).to.deep.equal([401, 401]);
  });
});

describe('client issuer: refused until learned, configuration wins', () => {
  const rsa = signingKey('rsa');
  let fake: FakeKeyServer;
  let origin: string;

  before(async () => {
    fake = new FakeKeyServer();
    origin = await fake.start();
    fake.serveKey(rsa.publicKey);
  });
  after(() => fake.close());

  it('refuses every token (503, health DOWN naming the issuer) while the auth service publishes no issuer', async () => {
    fake.issuer = null;
    const client = buildTestClient({ AUTH_SERVER_URL: origin });
    try {
      expect((await client.provider.refresh()).outcome).to.equal('replaced');
      expect(client.provider.state().issuer).to.equal(null);
      await request(client.server).get(CLIENT_DETAILS).set('Authorization', `Bearer ${await signToken(rsa)}`).expect(503);
      const health = await request(client.server).get('/auth-client-demo/actuator/health').expect(503);
      expect(health.body.components.publicKey.details.error).to.match(/issuer of the auth service is not known yet/);

      fake.issuer = ISSUER;
      await client.provider.refresh();
      await request(client.server).get(CLIENT_DETAILS).set('Authorization', `Bearer ${await signToken(rsa)}`).expect(200);
    } finally {
      fake.issuer = ISSUER;
      await client.close();
    }
  });

  it('AUTH_ISSUER set: used without asking discovery', async () => {
    const before = fake.discoveryRequests;
    const client = buildTestClient({ AUTH_SERVER_URL: origin, AUTH_ISSUER: 'https://auth.example/auth' });
    try {
      await client.provider.refresh();
      expect(fake.discoveryRequests).to.equal(before);
      await request(client.server).get(CLIENT_DETAILS).set('Authorization', `Bearer ${await signToken(rsa)}`).expect(401);
      const theirs = await signToken(rsa, { iss: 'https://auth.example/auth' });
      await request(client.server).get(CLIENT_DETAILS).set('Authorization', `Bearer ${theirs}`).expect(200);
    } finally {
      await client.close();
    }
  });
});
