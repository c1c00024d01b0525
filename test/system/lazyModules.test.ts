import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeLoadedPackages, type LoadedPackages } from '../support/loadedPackagesProbe';

/** The compiled service on `databaseFile`, after start-up and after the Swagger UI, its assets, the OpenAPI document and the browser endpoints' pages. */
function probe(databaseFile: string): Promise<LoadedPackages> {
  return probeLoadedPackages({ AUTH_DATABASE_URL: `sqlite:${databaseFile}`, AUTH_RSA_BITS: '2048' }, [
    { path: '/auth/swagger-ui/' },
    { path: '/auth/swagger-ui/swagger-ui.css' },
    { path: '/auth/v3/api-docs' },
    // The authorization endpoint's error page (no parameters), the logout confirmation page.
    { path: '/auth/oauth/authorize' },
    { path: '/auth/oauth/logout?post_logout_redirect_uri=x' },
    // The admin API without a token: its router is made to refuse it.
    { path: '/auth/admin/v1/users' },
  ]);
}

describe('heavy modules load only when used (compiled service)', function () {
  this.timeout(120_000);
  let dir: string;
  let first: LoadedPackages;
  let second: LoadedPackages;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lazy-modules-'));
    first = await probe(join(dir, 'auth.sqlite'));
    second = await probe(join(dir, 'auth.sqlite'));
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('starts without swagger-ui-express and without the PostgreSQL driver', () => {
    for (const run of [first, second]) {
      expect(run.afterStart).to.include('express');
      expect(run.afterStart).not.to.include('swagger-ui-express');
      expect(run.afterStart).not.to.include('swagger-ui-dist');
      expect(run.afterStart).not.to.include('pg');
    }
  });

  it('starts without the passkey, TOTP and QR code libraries (each adapter loads its own on first use: lazyAdapters.test.ts)', () => {
    for (const run of [first, second]) {
      expect(run.afterStart).not.to.include.members(['@simplewebauthn/server']);
      expect(run.afterStart).not.to.include.members(['otpauth']);
      expect(run.afterStart).not.to.include.members(['qrcode']);
    }
  });

  it("starts without the admin API's router, and makes it on the API's first request", () => {
    const adminRouter = 'src/interfaces/http/admin/adminRouter.js';
    for (const run of [first, second]) expect(run.ownAfterStart).not.to.include(adminRouter);
    expect(second.statuses[5]).to.equal(401);
    expect(second.ownAfterFirstUse).to.include(adminRouter);
  });

  it('loads node-forge only in the process that generates the RSA key', () => {
    expect(first.afterStart).to.include('node-forge');
    expect(second.afterStart).not.to.include('node-forge');
  });

  it('serves the Swagger UI, its assets and the OpenAPI document on first request', () => {
    expect(second.statuses.slice(0, 3)).to.deep.equal([200, 200, 200]);
    expect(second.afterFirstUse).to.include('swagger-ui-express');
  });

  it('starts without the authorization and logout endpoints\' pages, and loads them on their first request', () => {
    const pages = /^src\/interfaces\/http\/(authorize\/(authorizeRouter|signInPage|consentPage)|logout\/(logoutRouter|logoutPages))\.js$/;
    for (const run of [first, second]) expect(run.ownAfterStart.filter((file) => pages.test(file))).to.deep.equal([]);
    expect(second.statuses.slice(3, 5)).to.deep.equal([400, 200]);
    expect(second.ownAfterFirstUse.filter((file) => pages.test(file))).to.have.length(5);
  });
});
