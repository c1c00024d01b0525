import type { AccessTokenHasher } from '../../src/domain/ports/AccessTokenHasher';

/** A readable stand-in: `half(<alg>:<token>)`. */
export class FakeAccessTokenHasher implements AccessTokenHasher {
  atHash(accessToken: string, alg: string): string {
    return `half(${alg}:${accessToken})`;
  }
}
