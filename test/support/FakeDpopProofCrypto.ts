import type { DpopAlgorithm } from '../../src/domain/model/DpopProof';
import type { PublicJwk } from '../../src/domain/model/jwkThumbprint';
import type { DecodedDpopProof, DpopProofCrypto } from '../../src/domain/ports/DpopProofCrypto';

/** Proofs as JSON `{ header, claims }` (dpopTestProof writes them); signatures good unless `badSignature`; hashes spelled out. */
export class FakeDpopProofCrypto implements DpopProofCrypto {
  badSignature = false;
  readonly verified: { alg: DpopAlgorithm; jwk: PublicJwk }[] = [];

  decode(proof: string): DecodedDpopProof | null {
    try {
      const { header, claims } = JSON.parse(proof) as { header?: object; claims?: object };
      if (header === undefined || claims === undefined) return null;
      return { header, claims: claims as Record<string, unknown>, signingInput: proof, signature: new Uint8Array() };
    } catch {
      return null;
    }
  }

  verify(_proof: DecodedDpopProof, alg: DpopAlgorithm, jwk: PublicJwk): boolean {
    this.verified.push({ alg, jwk });
    return !this.badSignature;
  }

  sha256(text: string): string {
    return `sha256(${text})`;
  }
}

export const TEST_EC_JWK = { kty: 'EC', crv: 'P-256', x: 'x-coordinate', y: 'y-coordinate' } as const;
/** The thumbprint FakeDpopProofCrypto gives TEST_EC_JWK. */
export const TEST_EC_JKT = 'sha256({"crv":"P-256","kty":"EC","x":"x-coordinate","y":"y-coordinate"})';

/** A proof FakeDpopProofCrypto decodes: a good ES256 proof for POST https://as.example/auth/oauth/token at `iat`, with overrides. */
export function dpopTestProof(iat: number, claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}): string {
  return JSON.stringify({
    header: { typ: 'dpop+jwt', alg: 'ES256', jwk: TEST_EC_JWK, ...header },
    claims: { jti: 'proof-1', htm: 'POST', htu: 'https://as.example/auth/oauth/token', iat, ...claims },
  });
}
