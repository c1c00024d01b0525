/**
 * Where a client learns the auth service's issuer (`iss` of its tokens): the
 * OpenID discovery document. Resolves null when the service publishes none (an
 * older auth service); rejects with KeyFetchError when it cannot be asked.
 */
export interface IssuerSource {
  fetchIssuer(): Promise<string | null>;
}
