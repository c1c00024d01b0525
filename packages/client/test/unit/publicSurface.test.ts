import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import * as root from '../../src/index';

/**
 * The root entry is the package's promise: each runtime value here is public API,
 * everything else is plumbing that may change. Growing it is a decision, so it is
 * written down here (jose's style: explicit named exports, no `export *`).
 */
describe('the public surface of @auth-service/client', () => {
  it('exports exactly these runtime values at the root, at most 35', () => {
    const names = Object.keys(root).sort();
    expect(names).to.deep.equal([
      'ACR_LEVELS', 'ALGORITHMS_BY_METHOD', 'CLIENT_DEFAULTS', 'ConfigError', 'DomainError', 'DpopBindingError', 'DpopProofInvalidError',
      'InsufficientUserAuthenticationError', 'KeyFetchError', 'KeyMaterialInvalidError',
      'KeyUnavailableError', 'RevocationList', 'RevocationStaleError', 'SIGN_METHODS', 'TokenExpiredError', 'TokenInvalidError',
      'TokenMissingError', 'TokenRevokedError', 'UnknownKeyIdError', 'VerificationUnavailableError', 'bearerToken', 'buildTokenVerifier',
      'checkAcr', 'checkClientOptions', 'createTokenMiddleware', 'createVerifier', 'currentUserOf', 'isUnavailable', 'jwkThumbprint',
      'requireAcr', 'requireScopes', 'tokenErrorAnswer', 'tokenOf',
    ]);
    expect(names.length).to.be.at.most(35);
  });

  it('names every export: no `export *` in any entry point', () => {
    for (const entry of ['index.ts', 'inversify.ts', 'testing.ts']) {
      expect(readFileSync(join(__dirname, '../../src', entry), 'utf8'), entry).not.to.match(/export \*|export type \*/);
    }
  });

  it('has no entry point beyond the root, /inversify and /testing', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(Object.keys(manifest.exports)).to.deep.equal(['.', './inversify', './testing', './package.json']);
    expect(readdirSync(join(__dirname, '../../src')).filter((file) => file.endsWith('.ts')).sort()).to.deep.equal(['index.ts', 'inversify.ts', 'testing.ts']);
  });
});
