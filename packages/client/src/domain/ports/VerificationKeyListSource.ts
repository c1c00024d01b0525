/** One entry of the auth service's key list: for hmac, the Base64 secret. */
export interface ListedKey {
  readonly kid: string;
  readonly alg: string;
  readonly key: string;
}

/** What the key list endpoint answered. */
export type VerificationKeyListResponse =
  /** An auth service without the endpoint (404): the caller falls back to the one-key endpoint. */
  | { readonly served: false }
  /** The envelope: `success: false` (refused credentials, no key yet) keeps the current keys. */
  | { readonly served: true; readonly success: boolean; readonly keys: readonly ListedKey[] };

/**
 * Every key that still verifies, by kid, from the auth service's authenticated
 * key list (`/client/user/secret/keys`): how an hmac client follows a rotation.
 * Rejects with KeyFetchError when there is no usable answer.
 */
export interface VerificationKeyListSource {
  fetchKeys(): Promise<VerificationKeyListResponse>;
}
