import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

/** A client's DPoP key (jose), with its public JWK and RFC 7638 thumbprint (the token's `cnf.jkt`). */
export interface DpopKey {
  readonly alg: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
  readonly privateJwk: JWK;
  readonly jkt: string;
}

export async function dpopKey(alg: 'ES256' | 'PS256' | 'RS256' | 'EdDSA' = 'ES256'): Promise<DpopKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true, ...(alg === 'EdDSA' ? { crv: 'Ed25519' } : {}) });
  const publicJwk = await exportJWK(publicKey);
  return { alg, privateKey, publicJwk, privateJwk: await exportJWK(privateKey), jkt: await calculateJwkThumbprint(publicJwk) };
}

/** base64url(SHA-256(token)): a proof's `ath`. */
export function athOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface ProofFor {
  readonly method: string;
  readonly url: string;
  /** The access token the proof goes with (its `ath`); none leaves `ath` out. */
  readonly token?: string;
  /** Seconds since the epoch; default now. */
  readonly iat?: number;
  /** Claims to set, replace or (as undefined) leave out. */
  readonly claims?: Record<string, unknown>;
  /** Header members to set or replace (`typ`, `alg`, `jwk`). */
  readonly header?: Record<string, unknown>;
}

/** A DPoP proof signed by `key` (RFC 9449 §4.2), as a client library makes it, with any part changed. */
export async function dpopProof(key: DpopKey, proof: ProofFor): Promise<string> {
  const claims: Record<string, unknown> = {
    htm: proof.method,
    htu: proof.url,
    iat: proof.iat ?? Math.floor(Date.now() / 1000),
    jti: randomUUID(),
    ...(proof.token === undefined ? {} : { ath: athOf(proof.token) }),
    ...proof.claims,
  };
  for (const name of Object.keys(claims)) if (claims[name] === undefined) delete claims[name];
  return new SignJWT(claims).setProtectedHeader({ alg: key.alg, typ: 'dpop+jwt', jwk: key.publicJwk, ...proof.header } as never).sign(key.privateKey);
}
