import { createHash } from 'node:crypto';
import type { AccessTokenHasher } from '../../domain/ports/AccessTokenHasher';

const HASH_OF_ALG = /^(?:RS|PS|ES)(256|384|512)$/;

/** AccessTokenHasher with node:crypto; an alg outside RS/PS/ES 256-512 is a RangeError (an ID token is never signed with one). */
export class NodeAccessTokenHasher implements AccessTokenHasher {
  atHash(accessToken: string, alg: string): string {
    const bits = HASH_OF_ALG.exec(alg)?.[1];
    if (bits === undefined) throw new RangeError(`no at_hash for the algorithm ${alg}`);
    const digest = createHash(`sha${bits}`).update(accessToken, 'ascii').digest();
    return digest.subarray(0, digest.length / 2).toString('base64url');
  }
}
