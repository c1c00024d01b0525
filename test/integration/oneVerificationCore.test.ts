import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'chai';
import { CachingTokenVerifier } from '@auth-service/client';
import { JsonWebTokenVerifier } from '@auth-service/client';
import { RevocationCheckingVerifier } from '@auth-service/client';
import { RevocationCheckingAccessTokenVerifier } from '@auth-service/client';
import { TYPES } from '../../src/interfaces/composition/types';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { authTestConfig } from '../support/authTestServer';

const ROOT = join(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** The layers a verifier wraps, outermost first (each wrapper keeps the next one as `inner`). */
function layers(verifier: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = verifier; current; current = (current as { inner?: unknown }).inner) chain.push(current);
  return chain;
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
    expect(verifierClasses).to.deep.equal(['src/interfaces/http/ObservedTokenVerifier.ts']);
  });

  it("binds the package's verifier classes (the very objects a client service gets) for its protected routes", () => {
    const chain = layers(auth.container.get(TYPES.TokenVerifier));
    expect(chain.some((layer) => layer instanceof RevocationCheckingVerifier), 'revocation check').to.equal(true);
    expect(chain.some((layer) => layer instanceof CachingTokenVerifier), 'verified-token cache').to.equal(true);
    expect(chain[chain.length - 1]).to.be.instanceOf(JsonWebTokenVerifier);
    // Userinfo and the revocation endpoint's bearer: the package's verifier under the package's revocation check.
    const access = layers(auth.container.get(TYPES.AccessTokenVerifier));
    expect(access[0]).to.be.instanceOf(RevocationCheckingAccessTokenVerifier);
    expect(access[access.length - 1]).to.be.instanceOf(JsonWebTokenVerifier);
  });
});
