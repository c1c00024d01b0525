import { createPrivateKey, createPublicKey } from 'node:crypto';
import type * as Forge from 'node-forge';
import { jwkThumbprint } from '@auth-service/client';
import { privateKeyToText, publicKeyToText } from './keyText';

/*
 * node-forge's pki part (RSA, PEM, the key formats: 30 modules) and its base object, not its index, which also
 * loads TLS, SSH, PKCS#7 and Ed25519 (42 modules, a third more source kept in the heap).
 * test/system/lazyAdapters.test.ts generates a key in a process that loaded only these, so an upgrade that moves them fails there.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
require('node-forge/lib/pki');
const forge = require('node-forge/lib/forge') as typeof Forge;
/* eslint-enable @typescript-eslint/no-require-imports */

export interface RsaKeyMaterial {
  readonly kid: string;
  readonly privateKey: string;
  readonly publicKey: string;
}

/**
 * RSA key generation through node-forge. Forge hands the work to Node's native
 * `crypto.generateKeyPair` (off the event loop) as long as no custom PRNG is
 * passed and pure-JavaScript mode is off; its own JS path is 10-100x slower.
 * `npm run bench` measures both.
 */
export class ForgeRsaKeyPairGenerator {
  constructor(private readonly bits: number) {}

  async generate(): Promise<RsaKeyMaterial> {
    const pair = await new Promise<Forge.pki.rsa.KeyPair>((resolve, reject) => {
      forge.pki.rsa.generateKeyPair({ bits: this.bits, e: 0x10001 }, (error, keys) => (error ? reject(error) : resolve(keys)));
    });
    const privatePem = forge.pki.privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(pair.privateKey)));
    const publicPem = forge.pki.publicKeyToPem(pair.publicKey);
    const publicKey = createPublicKey(publicPem);
    return {
      kid: jwkThumbprint(publicKey),
      privateKey: privateKeyToText(createPrivateKey(privatePem)),
      publicKey: publicKeyToText(publicKey),
    };
  }

  /** True when forge will delegate to Node's native generator (what this adapter relies on). */
  static usesNativeGenerator(): boolean {
    return !(forge as unknown as { options: { usePureJavaScript: boolean } }).options.usePureJavaScript;
  }
}
