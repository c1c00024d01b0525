import type { KeyObject } from 'node:crypto';
/** A JWS `alg` name (RS256, ES384, HS256, …); kept as text so the public types need no @types/jsonwebtoken. */
export type Algorithm = string;
import type { VerificationKey } from '../../domain/model/VerificationKey';
import { algorithmsForKey } from './algorithms';
import { publicKeyFromText, secretKeyFromText } from './keyEncoding';

export interface ParsedKey {
  readonly key: KeyObject;
  /** The key's configured algorithms that its real type can verify. */
  readonly algorithms: Algorithm[];
}

/**
 * The imported KeyObject of each VerificationKey, by object identity. Keys are
 * immutable and replaced whole, so key text is imported once per key, never per
 * token. Shared by a key reader (which imports at fetch time) and the verifier.
 */
export class ParsedKeyCache {
  private readonly parsed = new WeakMap<VerificationKey, ParsedKey | null>();

  /** The parsed key, importing it on first use; null when it cannot verify anything. */
  get(key: VerificationKey): ParsedKey | null {
    let parsed = this.parsed.get(key);
    if (parsed === undefined) {
      parsed = parseVerificationKey(key);
      this.parsed.set(key, parsed);
    }
    return parsed;
  }

  /** Records a key already imported elsewhere, so it is not imported again. */
  remember(key: VerificationKey, parsed: ParsedKey): void {
    this.parsed.set(key, parsed);
  }
}

/** Imports the key text and narrows its algorithms by the key's real type; null when unusable. */
export function parseVerificationKey(key: VerificationKey): ParsedKey | null {
  try {
    const keyObject = key.method === 'hmac' ? secretKeyFromText(key.material) : publicKeyFromText(key.material);
    const algorithms = usableAlgorithms(keyObject, key.algorithms);
    return algorithms.length > 0 ? { key: keyObject, algorithms } : null;
  } catch {
    return null;
  }
}

/** The algorithms of `allowed` that this key's real type supports (never chosen by a token header). */
export function usableAlgorithms(key: KeyObject, allowed: readonly string[]): Algorithm[] {
  const supported = algorithmsForKey(key);
  return allowed.filter((alg) => supported.includes(alg)) as Algorithm[];
}
