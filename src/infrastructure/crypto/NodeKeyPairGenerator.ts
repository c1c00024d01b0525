import { createSecretKey, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { SignMethod } from '@auth-service/client';
import type { GeneratedKeyPair, KeyPairGenerator } from '../../domain/ports/KeyPairGenerator';
import type { ForgeRsaKeyPairGenerator } from './ForgeRsaKeyPairGenerator';
import { jwkThumbprint } from '@auth-service/client';
import { privateKeyToText, publicKeyToText } from './keyText';

/** The named curve of each ECDSA algorithm (RFC 7518 §3.4). */
const CURVE_BY_EC_ALGORITHM: Readonly<Record<string, string>> = { ES256: 'prime256v1', ES384: 'secp384r1', ES512: 'secp521r1' };

/** An hmac key as long as its hash (RFC 7518 §3.2): HS256 → 32 bytes. */
function hmacHashBytes(alg: string): number {
  return Number(alg.slice(2)) / 8;
}

const generateKeyPairAsync = promisify(generateKeyPair);

/** Key material for every method: RSA through node-forge, ECDSA and HMAC through node:crypto. */
export class NodeKeyPairGenerator implements KeyPairGenerator {
  private rsa: ForgeRsaKeyPairGenerator | undefined;

  constructor(private readonly rsaBits: number) {}

  async generate(method: SignMethod, alg: string): Promise<GeneratedKeyPair> {
    switch (method) {
      case 'rsa':
        return this.rsaGenerator().generate();
      case 'ecdsa':
        return generateEc(alg);
      case 'hmac':
        return generateHmac(alg);
    }
  }

  /**
   * node-forge (~2.5 MB of heap) is loaded only by a process that generates an RSA key. Required in the
   * same turn, not imported: generate() must have handed the key to the thread pool when it returns, so a
   * first key asked for at start-up is generated while the rest of the service loads.
   */
  private rsaGenerator(): ForgeRsaKeyPairGenerator {
    if (!this.rsa) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { ForgeRsaKeyPairGenerator } = require('./ForgeRsaKeyPairGenerator') as typeof import('./ForgeRsaKeyPairGenerator');
      this.rsa = new ForgeRsaKeyPairGenerator(this.rsaBits);
    }
    return this.rsa;
  }
}

async function generateEc(alg: string): Promise<GeneratedKeyPair> {
  const namedCurve = CURVE_BY_EC_ALGORITHM[alg];
  if (!namedCurve) throw new RangeError(`no curve for ${alg}`);
  const { privateKey, publicKey } = await generateKeyPairAsync('ec', { namedCurve });
  return { kid: jwkThumbprint(publicKey), privateKey: privateKeyToText(privateKey), publicKey: publicKeyToText(publicKey) };
}

/** A random secret as long as the algorithm's hash (RFC 7518 §3.2 asks for at least that). */
function generateHmac(alg: string): GeneratedKeyPair {
  const secret = randomBytes(hmacHashBytes(alg));
  const text = secret.toString('base64');
  return { kid: jwkThumbprint(createSecretKey(secret)), privateKey: text, publicKey: text };
}
