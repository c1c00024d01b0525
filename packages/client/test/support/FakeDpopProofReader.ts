import { DpopProofInvalidError } from '../../src/index';
import type { SignedDpopProof } from '../../src/domain/model/DpopProof';
import type { DpopProofReader } from '../../src/domain/ports/DpopProofReader';

/** Knows a fixed set of proofs by their text; any other is refused as an invalid proof. Hashes tokens as `ath:<token>`. */
export class FakeDpopProofReader implements DpopProofReader {
  readonly read_: string[] = [];

  constructor(private readonly known: Readonly<Record<string, SignedDpopProof>>) {}

  read(proof: string): SignedDpopProof {
    this.read_.push(proof);
    const signed = this.known[proof];
    if (signed === undefined) throw new DpopProofInvalidError('unknown proof');
    return signed;
  }

  accessTokenHash(token: string): string {
    return `ath:${token}`;
  }
}
