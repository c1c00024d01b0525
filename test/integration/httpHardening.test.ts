import { expect } from 'chai';
import request from 'supertest';
import { ConfigError } from '@auth-service/client';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';
import { buildTestClient } from '../support/clientTestDemo';
import { rawRequest } from '../support/rawHttp';

const EVIL = 'evil.example';

/** The headers issue 11 asks for, on any answer of either service. */
function expectSecurityHeaders(headers: Record<string, string>, what: string): void {
  expect(headers['content-security-policy'], what).to.include("frame-ancestors 'none'").and.include("default-src 'self'").and.include("script-src 'self'");
  expect(headers['content-security-policy'], what).not.to.include('unsafe-eval');
  expect(headers['x-frame-options'], what).to.equal('DENY');
  expect(headers['x-content-type-options'], what).to.equal('nosniff');
  expect(headers['referrer-policy'], what).to.equal('no-referrer');
  expect(headers['x-powered-by'], what).to.equal(undefined);
}

describe('HTTP hardening of the auth service', () => {
  let server: RunningAuthServer;
  let port: number;

  before(async () => {
    server = await startAuthServer();
    port = Number(new URL(server.origin).port);
  });

  after(async () => {
    await server.auth.close();
  });

  it('sends the security headers on the sign-in page, an envelope, a 404, the key endpoint and actuator', async () => {
    for (const path of ['/auth/static/index.html', '/auth/static/app.js', '/auth/oauth/jwt/token', '/auth/nowhere', '/auth/client/user/secret/key', '/auth/actuator/health']) {
      const res = await request(server.origin).get(path);
      expectSecurityHeaders(res.headers as Record<string, string>, path);
    }
  });

  it('allows inline styles only on the Swagger UI page, and scripts from itself only', async () => {
    const swagger = await request(server.origin).get('/auth/swagger-ui/').expect(200);
    expectSecurityHeaders(swagger.headers as Record<string, string>, 'swagger-ui');
    expect(swagger.headers['content-security-policy']).to.match(/style-src 'self' 'unsafe-inline'/);
    const page = await request(server.origin).get('/auth/static/index.html').expect(200);
    expect(page.headers['content-security-policy']).to.match(/style-src 'self'(;|$)/);
  });

  for (const target of ['/auth', '/auth/static', '/auth/swagger-ui', '/auth/static/index.html']) {
    it(`never redirects to the host an absolute-form target names (GET http://${EVIL}${target})`, async () => {
      const res = await rawRequest(port, `GET http://${EVIL}${target} HTTP/1.1`, { Host: EVIL });
      expect(res.status, JSON.stringify(res.headers)).to.be.below(500);
      expect(res.headers.location ?? '', JSON.stringify(res.headers)).not.to.include(EVIL);
      if (res.status >= 300 && res.status < 400) expect(res.headers.location).to.match(/^\/auth\//);
    });
  }

  it('never redirects to a host spelled as a leading double slash', async () => {
    const res = await rawRequest(port, `GET //${EVIL}/auth/static HTTP/1.1`, { Host: '127.0.0.1' });
    expect(res.headers.location ?? '').not.to.include(EVIL);
  });

  it('still redirects the context root and a directory to the right local path', async () => {
    const home = await rawRequest(port, `GET http://${EVIL}/auth HTTP/1.1`, { Host: EVIL });
    expect([home.status, home.headers.location]).to.deep.equal([302, '/auth/static/index.html']);
    const dir = await rawRequest(port, 'GET /auth/static HTTP/1.1', { Host: '127.0.0.1' });
    expect([dir.status, dir.headers.location]).to.deep.equal([301, '/auth/static/']);
  });

  it('builds actuator links without the Host header', async () => {
    const res = await request(server.origin).get('/auth/actuator').set('Host', EVIL).set('X-Forwarded-Host', EVIL).expect(200);
    expect(res.text).not.to.include(EVIL);
    for (const link of Object.values(res.body._links as Record<string, { href: string }>)) expect(link.href).to.match(/^\/auth\/actuator/);
  });
});

describe('HTTP hardening of the demo client service', () => {
  it('sends the same security headers and builds actuator links without the Host header', async () => {
    const demo = buildTestClient({ AUTH_SERVER_URL: 'http://127.0.0.1:9' });
    try {
      for (const path of ['/auth-client-demo/static/index.html', '/auth-client-demo/current/user/details', '/auth-client-demo/actuator']) {
        const res = await request(demo.server).get(path).set('Host', EVIL);
        expectSecurityHeaders(res.headers as Record<string, string>, path);
        expect(res.text, path).not.to.include(EVIL);
      }
    } finally {
      await demo.close();
    }
  });
});

describe('HOST: the address the services listen on', () => {
  it('binds every interface by default and the given address when HOST is set', async () => {
    const everywhere = await startAuthServer();
    const loopback = await startAuthServer({ HOST: '127.0.0.1' });
    try {
      expect(['::', '0.0.0.0']).to.include((everywhere.auth.server.address() as { address: string }).address);
      expect((loopback.auth.server.address() as { address: string }).address).to.equal('127.0.0.1');
    } finally {
      await everywhere.auth.close();
      await loopback.auth.close();
    }
  });

  it('binds the demo client to HOST too', async () => {
    const demo = buildTestClient({ HOST: '127.0.0.1', AUTH_SERVER_URL: 'http://127.0.0.1:9' });
    try {
      expect((await demo.listen(0)).address).to.equal('127.0.0.1');
    } finally {
      await demo.close();
    }
  });

  it('refuses a HOST that is neither an address nor a host name, naming it', async () => {
    expect(() => buildTestClient({ HOST: 'http://x/' })).to.throw(ConfigError, /HOST must be an IP address or host name/);
  });
});
