import type { KeyObject } from 'node:crypto';
import type { VerificationKey } from '@auth-service/client';
import type { PublicJwk, PublicJwkExporter } from '../../domain/ports/PublicJwkExporter';
import { publicKeyFromText } from './keyText';

/** Exports with node:crypto and then copies only the public members, so no private parameter can slip through. */
export class NodePublicJwkExporter implements PublicJwkExporter {
  private readonly exported = new WeakMap<VerificationKey, PublicJwk | null>();

  toPublicJwk(key: VerificationKey): PublicJwk | null {
    if (!this.exported.has(key)) this.exported.set(key, exportJwk(key));
    return this.exported.get(key) ?? null;
  }
}

function exportJwk(key: VerificationKey): PublicJwk | null {
  if (key.method === 'hmac') return null;
  const jwk = (publicKeyFromText(key.material) as KeyObject).export({ format: 'jwk' });
  const common = { kid: key.kid, use: 'sig', alg: key.algorithms[0] };
  if (jwk.kty === 'RSA' && jwk.n && jwk.e) return Object.freeze({ kty: 'RSA', ...common, n: jwk.n, e: jwk.e });
  if (jwk.kty === 'EC' && jwk.crv && jwk.x && jwk.y) return Object.freeze({ kty: 'EC', ...common, crv: jwk.crv, x: jwk.x, y: jwk.y });
  return null;
}
