import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { SignMethod } from '@auth-service/client';
import { jwkThumbprint } from '@auth-service/client';
import { privateKeyToText, publicKeyToText } from '../../src/infrastructure/crypto/keyText';
import type { GeneratedKeyPair, KeyPairGenerator } from '../../src/domain/ports/KeyPairGenerator';
import { nextCachedRsaPair } from './cachedRsaKeys';

/**
 * The service's key generator with RSA pairs taken from the suite's cache (cachedRsaKeys) instead of
 * generated anew: real 2048-bit keys in the store's text form, kid = thumbprint, as the real generator
 * makes them. ECDSA and HMAC (microseconds) go to the real generator. The real RSA path is covered by
 * its unit tests and by every system test, which start the real entry point.
 */
export class CachedRsaKeyPairGenerator implements KeyPairGenerator {
  constructor(
    private readonly real: KeyPairGenerator,
    private readonly rsaBits: number,
  ) {}

  async generate(method: SignMethod, alg: string): Promise<GeneratedKeyPair> {
    if (method !== 'rsa') return this.real.generate(method, alg);
    const pair = nextCachedRsaPair(this.rsaBits);
    const publicKey = createPublicKey(pair.publicKey);
    return { kid: jwkThumbprint(publicKey), privateKey: privateKeyToText(createPrivateKey(pair.privateKey)), publicKey: publicKeyToText(publicKey) };
  }
}
