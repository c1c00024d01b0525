import { constants, createHmac, sign, type KeyObject, type SignKeyObjectInput } from 'node:crypto';
import type { SigningKeyPair } from '../../domain/model/SigningKeyPair';
import type { SignedClaims, TokenSigner, TokenType } from '../../domain/ports/TokenSigner';
import { privateKeyFromText, secretKeyFromText } from './keyText';

interface PreparedKey {
  /** base64url of the JSON header by token type, the same for every token of this key. */
  readonly encodedHeaders: Readonly<Record<TokenType, string>>;
  readonly hash: string;
  readonly key: KeyObject;
  /** Options for crypto.sign (RSA-PSS padding, ECDSA's JOSE signature form); null for HMAC. */
  readonly asymmetric: SignKeyObjectInput | null;
}

/**
 * Signs with node:crypto directly. RSA and ECDSA use the callback form of
 * `crypto.sign`, which runs on libuv's thread pool: the event loop keeps serving
 * requests while a token is being signed, so one process uses every core for
 * logins (jsonwebtoken signs synchronously on the event loop). HMAC is a hash,
 * too cheap to be worth a thread hop. The output is the same JWS as
 * JsonWebTokenSigner's: header {alg, typ, kid}, the claims as given.
 */
export class NodeCryptoTokenSigner implements TokenSigner {
  private readonly prepared = new WeakMap<SigningKeyPair, PreparedKey>();

  async sign(claims: SignedClaims, key: SigningKeyPair, type: TokenType): Promise<string> {
    const prepared = this.prepare(key);
    const signingInput = `${prepared.encodedHeaders[type]}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    if (prepared.asymmetric === null) {
      return `${signingInput}.${createHmac(prepared.hash, prepared.key).update(signingInput).digest('base64url')}`;
    }
    const options = prepared.asymmetric;
    const signature = await new Promise<Buffer>((resolve, reject) => {
      sign(prepared.hash, Buffer.from(signingInput), options, (error, result) => (error ? reject(error) : resolve(result)));
    });
    return `${signingInput}.${signature.toString('base64url')}`;
  }

  /** Parses the key text once per key pair (pairs are immutable and replaced whole). */
  private prepare(pair: SigningKeyPair): PreparedKey {
    let prepared = this.prepared.get(pair);
    if (!prepared) {
      prepared = prepareKey(pair);
      this.prepared.set(pair, prepared);
    }
    return prepared;
  }
}

function prepareKey(pair: SigningKeyPair): PreparedKey {
  const family = pair.alg.slice(0, 2);
  const hash = `sha${pair.alg.slice(2)}`;
  if (!['RS', 'PS', 'ES', 'HS'].includes(family) || !['sha256', 'sha384', 'sha512'].includes(hash)) {
    throw new RangeError(`unsupported signing algorithm ${pair.alg}`);
  }
  const header = (typ: TokenType) => Buffer.from(JSON.stringify({ alg: pair.alg, typ, kid: pair.kid })).toString('base64url');
  const encodedHeaders = { JWT: header('JWT'), 'at+jwt': header('at+jwt'), 'logout+jwt': header('logout+jwt') };
  if (family === 'HS') return { encodedHeaders, hash, key: secretKeyFromText(pair.privateKey), asymmetric: null };

  const key = privateKeyFromText(pair.privateKey);
  const asymmetric: SignKeyObjectInput =
    family === 'PS'
      ? // RFC 7518 §3.5: PSS with MGF1 on the same hash and a salt as long as the hash.
        { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: Number(pair.alg.slice(2)) / 8 }
      : family === 'ES'
        ? // JWS wants the raw r||s form, not DER.
          { key, dsaEncoding: 'ieee-p1363' }
        : { key };
  return { encodedHeaders, hash, key, asymmetric };
}
