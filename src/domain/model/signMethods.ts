import { ALGORITHMS_BY_METHOD, SIGN_METHODS, type SignMethod } from '@auth-service/client';

/** The sign methods and their algorithms are the client library's (one contract for signer and verifiers); these are the service's questions about them. */
export function isSignMethod(value: string): value is SignMethod {
  return (SIGN_METHODS as readonly string[]).includes(value);
}

/** The method's first algorithm: RS256, ES256 or HS256. */
export function defaultAlgorithm(method: SignMethod): string {
  return ALGORITHMS_BY_METHOD[method][0];
}

export function isAlgorithmOf(method: SignMethod, alg: string): boolean {
  return ALGORITHMS_BY_METHOD[method].includes(alg);
}
