import type { DiscoveryDocument } from '../http/controllers/WellKnownController';

/**
 * RFC 8414 authorization server metadata, listing only what the service speaks
 * (served at `<context>/.well-known/oauth-authorization-server`, at the
 * path-inserted `/.well-known/oauth-authorization-server/<context>` and at
 * `<context>/.well-known/openid-configuration`):
 * the authorization endpoint (response type `code`, PKCE S256 only), the
 * token endpoint (its grants and client authentication methods), userinfo,
 * revocation, introspection and the key set. The service issues no ID tokens and is no OpenID Provider: the same
 * document is served at openid-configuration only because OpenID tooling looks
 * there for `jwks_uri`; it makes no OpenID Provider claims (no
 * `id_token_signing_alg_values_supported`, no `subject_types_supported`).
 */
export function discoveryDocument(settledIssuer: string): DiscoveryDocument {
  // The issuer settled at start-up (configured or recorded in the store), exactly as the tokens carry it:
  // OpenID Connect and RFC 8414 compare it as a string. Endpoints hang off it without a doubled slash.
  const issuer = settledIssuer;
  const base = settledIssuer.replace(/\/+$/, '');
  return Object.freeze({
    issuer,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    userinfo_endpoint: `${base}/oauth/userinfo`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    grant_types_supported: ['authorization_code', 'client_credentials', 'password', 'refresh_token'],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    code_challenge_methods_supported: ['S256'],
    // RFC 9207: every authorization response carries `iss`, so a client can tell which server answered.
    authorization_response_iss_parameter_supported: true,
    // OpenID Connect §3.1.2.1: the authorization endpoint reads these (authorizationRequestOf.ts); select_account shows the form.
    prompt_values_supported: ['none', 'login', 'consent', 'select_account'],
    // The languages of the sign-in form and the consent page (`ui_locales`, else Accept-Language).
    ui_locales_supported: ['en', 'zh'],
    // `none`: public clients (registered with --public) send their client_id without a secret, PKCE proving them;
    // the password grant without any client names no client. client_credentials needs one of the secret methods.
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    claims_supported: ['sub', 'client_id', 'iss', 'iat', 'exp', 'jti', 'account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'telephone', 'grade'],
    service_documentation: `${base}/swagger-ui/`,
    revocation_endpoint: `${base}/oauth/revoke`,
    // The revocation endpoint reads client credentials with the token endpoint's decoder (clientAuthentication.ts).
    // `none`: a public client revokes its refresh tokens with its client_id alone; without any client, the token
    // itself as bearer (sign-out) or a refresh token issued to no client.
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    // RFC 7662: only a client that proves its secret may introspect (a public client's id proves nothing).
    introspection_endpoint: `${base}/oauth/introspect`,
    introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    // OpenID Connect RP-Initiated Logout 1.0 (GET or form POST): src/interfaces/http/logout/logoutRouter.ts.
    end_session_endpoint: `${base}/oauth/logout`,
  });
}
