import { expect } from 'chai';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { FixedClock } from '../../support/FixedClock';

const USERINFO = '/auth/oauth/userinfo';

describe('OAuth userinfo endpoint errors (RFC 6750 §3)', () => {
  const clock = new FixedClock('2026-03-01T00:00:00Z');
  let auth: AuthServer;
  let token: string;

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_TOKEN_TTL_SECONDS: '60', AUTH_CLOCK_TOLERANCE_SECONDS: '0' }), {
      configure: (container) => container.rebind(TYPES.Clock).toConstantValue(clock),
    });
    const res = await request(auth.server).post('/auth/oauth/token').type('form').send('grant_type=password&username=admin&password=x').expect(200);
    token = res.body.access_token;
  });
  after(() => auth?.close());

  it('answers plain JSON claims with sub for a valid token', async () => {
    const res = await request(auth.server).get(USERINFO).set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.body).to.include({ sub: '1', account: 'admin' });
    expect(res.body).not.to.have.property('success');
  });

  it('401 with a bare Bearer challenge and no error code when no token is sent', async () => {
    for (const header of [undefined, 'Basic YTpi', 'Bearer']) {
      const req = request(auth.server).get(USERINFO);
      const res = await (header === undefined ? req : req.set('Authorization', header));
      expect(res.status).to.equal(401);
      expect(res.headers['www-authenticate']).to.equal('Bearer');
      expect(res.text).to.equal('');
    }
  });

  it('401 invalid_token for a malformed or tampered token', async () => {
    const tampered = `${token.slice(0, -4)}AAAA`;
    for (const bad of ['not-a-jwt', tampered]) {
      const res = await request(auth.server).get(USERINFO).set('Authorization', `Bearer ${bad}`);
      expect(res.status).to.equal(401);
      expect(res.headers['www-authenticate']).to.match(/^Bearer error="invalid_token"/);
      expect(res.body).to.deep.include({ error: 'invalid_token' });
    }
  });

  it('401 invalid_token saying the token expired once it has', async () => {
    clock.advanceSeconds(120);
    try {
      const res = await request(auth.server).get(USERINFO).set('Authorization', `Bearer ${token}`);
      expect(res.status).to.equal(401);
      expect(res.headers['www-authenticate']).to.equal('Bearer error="invalid_token", error_description="The access token expired"');
    } finally {
      clock.advanceSeconds(-120);
    }
  });
});
