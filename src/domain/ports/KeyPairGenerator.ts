import type { SignMethod } from '@auth-service/client';

export interface GeneratedKeyPair {
  readonly kid: string;
  readonly privateKey: string;
  readonly publicKey: string;
}

/** Makes fresh key material for a method and algorithm, with its kid. */
export interface KeyPairGenerator {
  generate(method: SignMethod, alg: string): Promise<GeneratedKeyPair>;
}
