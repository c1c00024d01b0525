/** How tokens are signed. `rsa` is the default, as in the original service. */
export const SIGN_METHODS = ['rsa', 'ecdsa', 'hmac'] as const;
export type SignMethod = (typeof SIGN_METHODS)[number];

/** JWS algorithms each method may sign with; the first one is the method's default. */
export const ALGORITHMS_BY_METHOD: Readonly<Record<SignMethod, readonly string[]>> = {
  rsa: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'],
  ecdsa: ['ES256', 'ES384', 'ES512'],
  hmac: ['HS256', 'HS384', 'HS512'],
};

export function isSignMethod(value: string): value is SignMethod {
  return (SIGN_METHODS as readonly string[]).includes(value);
}

export function defaultAlgorithm(method: SignMethod): string {
  return ALGORITHMS_BY_METHOD[method][0];
}

export function isAlgorithmOf(method: SignMethod, alg: string): boolean {
  return ALGORITHMS_BY_METHOD[method].includes(alg);
}
