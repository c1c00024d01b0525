import { createHash, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface ProofOptions {
  readonly accessToken?: string;
  readonly nonce?: string;
  readonly jti?: string;
  /** Epoch seconds; now when left out. */
  readonly iat?: number;
  readonly typ?: string;
}

/** A client's DPoP key pair, making RFC 9449 proofs with jose as a client library would. */
export class DpopKey {
  private constructor(
    private readonly privateKey: CryptoKey,
    readonly jwk: JWK,
    readonly alg: string,
    /** The RFC 7638 thumbprint: what `cnf.jkt` names. */
    readonly jkt: string,
  ) {}

  static async generate(alg = 'ES256'): Promise<DpopKey> {
    const { privateKey, publicKey } = await generateKeyPair(alg);
    const jwk = await exportJWK(publicKey);
    return new DpopKey(privateKey, jwk, alg, await calculateJwkThumbprint(jwk));
  }

  /** A proof for `method url` (`ath` of the access token when given). */
  proof(method: string, url: string, options: ProofOptions = {}): Promise<string> {
    return new SignJWT({
      htm: method,
      htu: url,
      jti: options.jti ?? randomUUID(),
      ...(options.accessToken === undefined ? {} : { ath: athOf(options.accessToken) }),
      ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
    })
      .setProtectedHeader({ typ: options.typ ?? 'dpop+jwt', alg: this.alg, jwk: this.jwk })
      .setIssuedAt(options.iat)
      .sign(this.privateKey);
  }
}

/** RFC 9449 §4.2 `ath`: base64url SHA-256 of the access token. */
function athOf(accessToken: string): string {
  return createHash('sha256').update(accessToken).digest('base64url');
}
