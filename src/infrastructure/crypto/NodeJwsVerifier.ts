import { constants, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { ClientAssertionAlg, PublicJwk } from '../../domain/model/ClientJwks';
import type { JwsVerifier } from '../../domain/ports/JwsVerifier';

/** RSA keys shorter than this sign nothing we accept (RFC 7518 §3.3 asks for 2048 bits). */
const MIN_RSA_BITS = 2048;

/**
 * JwsVerifier on node:crypto: RS256 (PKCS#1 v1.5), PS256 (PSS, salt of the hash's length), ES256 (P-256,
 * the JWS's raw r‖s), EdDSA (Ed25519). The key is imported from its JWK on each check: client assertions
 * come once a request, and a registered key set is a handful of keys.
 */
export class NodeJwsVerifier implements JwsVerifier {
  verify(jws: string, alg: ClientAssertionAlg, jwk: PublicJwk): boolean {
    const dot = jws.lastIndexOf('.');
    const signingInput = Buffer.from(jws.slice(0, dot), 'ascii');
    const signature = Buffer.from(jws.slice(dot + 1), 'base64url');
    try {
      const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
      if (!fits(key, alg)) return false;
      if (alg === 'EdDSA') return verify(null, signingInput, key, signature);
      if (alg === 'ES256') return verify('sha256', signingInput, { key, dsaEncoding: 'ieee-p1363' }, signature);
      const padding = alg === 'PS256' ? { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST } : {};
      return verify('sha256', signingInput, { key, ...padding }, signature);
    } catch {
      // A key that does not import, or a signature of the wrong shape: not signed by this key.
      return false;
    }
  }
}

function fits(key: KeyObject, alg: ClientAssertionAlg): boolean {
  const details = key.asymmetricKeyDetails ?? {};
  if (alg === 'EdDSA') return key.asymmetricKeyType === 'ed25519';
  if (alg === 'ES256') return key.asymmetricKeyType === 'ec' && details.namedCurve === 'prime256v1';
  return key.asymmetricKeyType === 'rsa' && (details.modulusLength ?? 0) >= MIN_RSA_BITS;
}
