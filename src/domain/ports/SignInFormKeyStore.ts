/**
 * The key that signs the sign-in form's CSRF token, recorded in the shared
 * store so every instance behind a load balancer accepts every other's form.
 */
export interface SignInFormKeyStore {
  /**
   * Records `key` unless a key is already recorded (first start wins, racing
   * instances included), and returns the one recorded.
   */
  recordKeyIfAbsent(key: string): Promise<string>;
}
