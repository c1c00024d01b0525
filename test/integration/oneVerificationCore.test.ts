import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { TokenRevokedError, type KeyHolderVerifier, type TokenVerifier } from '@auth-service/client';
import { TYPES } from '../../src/interfaces/composition/types';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { authTestConfig } from '../support/authTestServer';

const ROOT = join(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}


describe('one verification core: the auth service verifies with the client package', () => {
  let auth: AuthServer;

  before(async () => {
    auth = await buildAuthServer(authTestConfig());
  });

  after(async () => {
    await auth?.close();
  });

  it("has no token verifier of its own in src/: jsonwebtoken only signs there, and the only verifier class is the metrics wrapper", () => {
    const files = sourceFiles(join(ROOT, 'src'));
    const jwtUsers = files.filter((file) => /from 'jsonwebtoken'/.test(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file));
    expect(jwtUsers).to.deep.equal(['src/infrastructure/crypto/JsonWebTokenSigner.ts']);
    expect(readFileSync(join(ROOT, jwtUsers[0]), 'utf8')).not.to.match(/\.verify\(/);
    const verifierClasses = files.filter((file) => /class \w+ implements [^{]*TokenVerifier/.test(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file));
    // Two wrappers, no check of their own: one counts rejections, one retries after a key reload.
    expect(verifierClasses).to.deep.equal(['src/application/keys/KeyReloadingAccessTokenVerifier.ts', 'src/interfaces/http/ObservedTokenVerifier.ts']);
  });

  it("checks with the package's public buildTokenVerifier over its key ring: a cached user check and a cached check of any token, both revocation-checked outside the caches", async () => {
    const holder = auth.container.get<KeyHolderVerifier>(TYPES.KeyHolderVerifier);
    // The protected routes' verifier is the metrics wrapper around that very verifier.
    expect((auth.container.get<TokenVerifier>(TYPES.TokenVerifier) as unknown as { inner: unknown }).inner).to.equal(holder);
    const login = await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'any' }).expect(200);
    const token = (login.body as { data: { access_token: string } }).data.access_token;
    // The package's verified-token caches hand out the claims they remembered, for the user check and the check of any token.
    expect(holder.verify(token)).to.equal(holder.verify(token));
    expect(holder.verifyAccessToken(token)).to.equal(holder.verifyAccessToken(token));
    await request(auth.server).post('/auth/oauth/revoke').type('form').set('Authorization', `Bearer ${token}`).send({ token }).expect(200);
    expect(() => holder.verify(token)).to.throw(TokenRevokedError);
    expect(() => holder.verifyAccessToken(token)).to.throw(TokenRevokedError);
  });
});
