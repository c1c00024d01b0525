/**
 * `@auth-service/client/testing`: test your protected routes without the auth
 * service. A throwaway RSA key pair signs tokens with any claims (expired or not),
 * and `verifierOptions()` points the verifier, the express middleware or
 * `clientModule` at that key instead of the auth service:
 *
 * ```ts
 * const issuer = createTestIssuer();
 * app.use(createTokenMiddleware({ ...issuer.verifierOptions(), onError }).middleware);
 * request(app).get('/orders').set('Authorization', `Bearer ${issuer.sign({ account: 'alice' })}`);
 * ```
 *
 * Never use it in production code: whoever holds the key pair can sign anything.
 *
 * @packageDocumentation
 */
import { createHash, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import type { TokenClaims } from './domain/model/TokenClaims';
import type { Scheduler } from './domain/ports/Scheduler';
import { jwkThumbprint, publicKeyToText } from './infrastructure/crypto/keyEncoding';
import { silentLogger } from './infrastructure/logging/consoleLogger';
import type { VerifierSources } from './interfaces/composition/assembleVerifierStack';
import type { CreateVerifierOptions } from './interfaces/verifier/createVerifier';

/** What `sign` may be told besides the claims. */
export interface SignOptions {
  /** Lifetime from now. Default 300. */
  readonly expiresInSeconds?: number;
  /** A token that expired a while ago (beyond any clock tolerance). */
  readonly expired?: boolean;
  /** `kid` header; default the key's thumbprint, `null` for none. */
  readonly kid?: string | null;
  /** `typ` header; default `JWT`. `at+jwt` makes an RFC 9068 access token, as the auth service's OAuth endpoints issue. */
  readonly typ?: string;
}

export interface TestIssuer {
  /** The `iss` of the minted tokens and the issuer the verifier is told to expect. */
  readonly issuer: string;
  /** The throwaway key's id (its RFC 7638 thumbprint). */
  readonly kid: string;
  /** The private key, to forge tokens by hand (wrong claims, other algorithms). */
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /**
   * A signed access token: a test user's claims overridden by `claims` (any extra claim is kept; one set to
   * `undefined` is left out, as in a registered client's token without `profile`: `{ account: undefined, … }`).
   */
  sign(claims?: Partial<TokenClaims> & Readonly<Record<string, unknown>>, options?: SignOptions): string;
  /**
   * A client's own access token, as the `client_credentials` grant issues it (RFC 9068: `typ: at+jwt`,
   * `sub` and `client_id` the client, no user claims), plus `claims` (`scope`, `aud`, …).
   */
  signClientToken(clientId: string, claims?: Readonly<Record<string, unknown>>, options?: SignOptions): string;
  /** The key, issuer and revocation sources of the throwaway issuer (nothing is fetched over the network). */
  readonly sources: Partial<VerifierSources>;
  /**
   * Options for createVerifier / createTokenMiddleware / clientModule that trust
   * this issuer only: no network, no schedule, a silent logger. Spread your own
   * options after it (passList, onError, …).
   */
  verifierOptions(): CreateVerifierOptions;
}

/** The claims of the test user, before overrides. */
export const TEST_USER_CLAIMS = Object.freeze({ account: 'test-user', nickName: 'Test User', userId: '1', userType: '4' });

/** A manual schedule: nothing runs on its own (call `provider.refresh()` when a test needs to). */
class ManualScheduler implements Scheduler {
  start(): void {}
  async stop(): Promise<void> {}
  nextRunAt(): Date | null {
    return null;
  }
}

/** A throwaway issuer for tests: a fresh RSA 2048 key pair (jsonwebtoken 9 refuses smaller keys). */
export function createTestIssuer(options: { readonly issuer?: string } = {}): TestIssuer {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const issuer = options.issuer ?? 'https://auth.test.invalid';
  const kid = jwkThumbprint(publicKey);
  const sources: Partial<VerifierSources> = {
    publicKey: { fetch: async () => ({ success: true, data: publicKeyToText(publicKey) }) },
    keySet: null,
    issuer: { fetchIssuer: async () => issuer },
    revocationFeed: { fetch: async () => ({ kind: 'absent' }) },
  };
  /** Signs `claims` with the throwaway key, adding iss, jti, iat and exp unless `claims` sets them. */
  function signed(claims: Readonly<Record<string, unknown>>, signOptions: SignOptions): string {
    const now = Math.floor(Date.now() / 1000);
    const lifetime = signOptions.expiresInSeconds ?? 300;
    const iat = signOptions.expired ? now - lifetime - 600 : now;
    const payload = { iss: issuer, jti: randomUUID(), iat, exp: iat + lifetime, ...claims };
    const keyId = signOptions.kid === null ? {} : { keyid: signOptions.kid ?? kid };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const jwt = require('jsonwebtoken') as typeof import('jsonwebtoken');
    return jwt.sign(payload, privateKey, { algorithm: 'RS256', ...keyId, header: { alg: 'RS256', typ: signOptions.typ ?? 'JWT' } });
  }
  return {
    issuer,
    kid,
    privateKey,
    publicKey,
    sources,
    sign(claims = {}, signOptions = {}) {
      return signed({ ...TEST_USER_CLAIMS, sub: claims.userId ?? TEST_USER_CLAIMS.userId, ...claims }, signOptions);
    },
    signClientToken(clientId, claims = {}, signOptions = {}) {
      return signed({ sub: clientId, client_id: clientId, ...claims }, { typ: 'at+jwt', ...signOptions });
    },
    verifierOptions() {
      return {
        authServerUrl: 'http://auth.test.invalid',
        appId: 'test',
        appSecret: 'test',
        issuer,
        sources,
        scheduler: new ManualScheduler(),
        logger: silentLogger(),
      };
    },
  };
}

/** A client's DPoP key for tests (RFC 9449): bind tokens to it with `cnf: { jkt }`, send them with its proofs. */
export interface TestDpopKey {
  /** The key's RFC 7638 thumbprint: the `cnf.jkt` of a token bound to it. */
  readonly jkt: string;
  /**
   * An ES256 proof for one request (`DPoP` header): `htm`, `htu`, `ath` of `token`, a fresh `jti`, `iat`
   * now; `claims` replace any of them (an old `iat`, another `htu`) to test refusals.
   */
  proof(request: { readonly method: string; readonly url: string; readonly token: string }, claims?: Readonly<Record<string, unknown>>): string;
}

/**
 * A throwaway P-256 key that signs DPoP proofs, for testing routes behind the token middleware with
 * DPoP-bound tokens:
 *
 * ```ts
 * const key = createTestDpopKey();
 * const token = issuer.sign({ cnf: { jkt: key.jkt } });
 * request(app).get('/orders').set('Host', 'orders.test').set('Authorization', `DPoP ${token}`)
 *   .set('DPoP', key.proof({ method: 'GET', url: 'http://orders.test/orders', token }));
 * ```
 */
export function createTestDpopKey(): TestDpopKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const header = Buffer.from(JSON.stringify({ typ: 'dpop+jwt', alg: 'ES256', jwk: publicKey.export({ format: 'jwk' }) })).toString('base64url');
  return {
    jkt: jwkThumbprint(publicKey),
    proof({ method, url, token }, claims = {}) {
      const ath = createHash('sha256').update(token).digest('base64url');
      const payload = { htm: method, htu: url, iat: Math.floor(Date.now() / 1000), jti: randomUUID(), ath, ...claims };
      const input = `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
      return `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
    },
  };
}
