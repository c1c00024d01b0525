import type { ClientAssertionAlg, PublicJwk } from '../../src/domain/model/ClientJwks';
import type { JwsVerifier } from '../../src/domain/ports/JwsVerifier';

/** A JWS "signed" by a key when its signature part is `sig-<the key's kid>`; every check is recorded. */
export class FakeJwsVerifier implements JwsVerifier {
  readonly checks: Array<{ alg: ClientAssertionAlg; kid: string | undefined }> = [];

  verify(jws: string, alg: ClientAssertionAlg, jwk: PublicJwk): boolean {
    this.checks.push({ alg, kid: jwk.kid });
    return jws.split('.')[2] === `sig-${jwk.kid ?? ''}`;
  }
}

/** A compact JWS of `header` and `claims` whose signature FakeJwsVerifier accepts for the key `kid`. */
export function fakeJws(header: Record<string, unknown>, claims: Record<string, unknown>, kid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(claims)}.sig-${kid}`;
}
