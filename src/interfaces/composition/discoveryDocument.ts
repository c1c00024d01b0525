import type { AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import { CLIENT_ASSERTION_ALGS } from '../../domain/model/ClientJwks';
import { ACR_VALUES } from '../../domain/model/AuthenticationLevel';
import { OPENID_SCOPE } from '../../domain/model/OpenIdScope';
import { DEVICE_CODE_GRANT } from '../../domain/model/DeviceAuthorization';
import { DPOP_ALGORITHMS } from '../../domain/model/DpopProof';
import { STANDARD_CLAIM_SCOPES, STANDARD_CLAIMS } from '../../domain/model/standardClaims';
import type { DiscoveryDocument } from '../http/controllers/WellKnownController';

/** Claims of the access tokens and of userinfo's plain OAuth answer (sub first). */
const OAUTH_CLAIMS = ['sub', 'client_id', 'iss', 'iat', 'exp', 'jti', 'account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'telephone', 'grade'];
/** What an ID token carries beside those (IdTokenClaims): no `azp`, its `aud` is the client alone. */
const ID_TOKEN_CLAIMS = ['aud', 'auth_time', 'nonce', 'at_hash', 'sid', 'acr', 'amr'];

/**
 * The service's metadata, one document served at `<context>/.well-known/openid-configuration`
 * (OpenID Connect Discovery 1.0 §3), at `<context>/.well-known/oauth-authorization-server` and at the
 * path-inserted `/.well-known/oauth-authorization-server/<context>` (RFC 8414), listing only what the
 * service speaks: the authorization endpoint (response type `code` in the query, PKCE S256 only, no request objects), the token endpoint
 * (its grants and client authentication methods), the PAR endpoint, userinfo, revocation, introspection and the key set.
 * With an asymmetric key (rsa, ecdsa) it is an OpenID Provider's: `openid` and the scopes that answer
 * standard claims, public subjects, the key's algorithm for ID tokens, and every claim it may answer.
 * Under HMAC signing no ID token can be signed (see IdTokenIssuer): none of that is claimed.
 */
export function discoveryDocument(settledIssuer: string, signing: Pick<AuthServerConfig, 'signMethod' | 'signAlg' | 'requirePar'>): DiscoveryDocument {
  // The issuer settled at start-up (configured or recorded in the store), exactly as the tokens carry it:
  // OpenID Connect and RFC 8414 compare it as a string. Endpoints hang off it without a doubled slash.
  const issuer = settledIssuer;
  const base = settledIssuer.replace(/\/+$/, '');
  const openId = signing.signMethod !== 'hmac';
  return Object.freeze({
    issuer,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    userinfo_endpoint: `${base}/oauth/userinfo`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    // Scopes with a meaning here; a client registers any scope of its own (clients add --scope), and these too, to be granted them.
    ...(openId ? { scopes_supported: [OPENID_SCOPE, ...STANDARD_CLAIM_SCOPES] } : {}),
    grant_types_supported: ['authorization_code', 'client_credentials', 'password', 'refresh_token', DEVICE_CODE_GRANT],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    // One `sub` for a user, whichever client asks: the user's id.
    ...(openId ? { subject_types_supported: ['public'], id_token_signing_alg_values_supported: [signing.signAlg] } : {}),
    code_challenge_methods_supported: ['S256'],
    // The levels `acr_values` and `clients add|update --require-acr` name, lowest first; a higher one satisfies a lower.
    acr_values_supported: [...ACR_VALUES],
    // RFC 9207: every authorization response carries `iss`, so a client can tell which server answered.
    authorization_response_iss_parameter_supported: true,
    // OpenID Connect Core §6: request objects are refused (request_not_supported, request_uri_not_supported: checkRequestObject);
    // the only request_uri taken is one the PAR endpoint handed out (RFC 9126), which needs no registration.
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    pushed_authorization_request_endpoint: `${base}/oauth/par`,
    // RFC 8628 §4: where a device asks for a user code; the user approves at `${base}/device`.
    device_authorization_endpoint: `${base}/oauth/device_authorization`,
    // RFC 9126 §5: always said, true when AUTH_REQUIRE_PAR=all (a client registered --require-par must push either way).
    require_pushed_authorization_requests: signing.requirePar === 'all',
    // OpenID Connect §3.1.2.1: the authorization endpoint reads these (checkPrompt.ts); select_account shows the form.
    prompt_values_supported: ['none', 'login', 'consent', 'select_account'],
    // The languages of the sign-in form and the consent page (`ui_locales`, else Accept-Language).
    ui_locales_supported: ['en', 'zh'],
    // `none`: public clients (registered with --public) send their client_id without a secret, PKCE proving them;
    // the password grant without any client names no client. client_credentials needs a secret or a key (private_key_jwt).
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
    // private_key_jwt's assertions (VerifyClientAssertion): these algorithms only, at every endpoint that authenticates clients.
    token_endpoint_auth_signing_alg_values_supported: [...CLIENT_ASSERTION_ALGS],
    claims_supported: openId ? [...OAUTH_CLAIMS, ...ID_TOKEN_CLAIMS, ...STANDARD_CLAIMS] : OAUTH_CLAIMS,
    service_documentation: `${base}/swagger-ui/`,
    revocation_endpoint: `${base}/oauth/revoke`,
    // The revocation endpoint reads client credentials with the token endpoint's decoder (clientAuthentication.ts).
    // `none`: a public client revokes its refresh tokens with its client_id alone; without any client, the token
    // itself as bearer (sign-out) or a refresh token issued to no client.
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
    revocation_endpoint_auth_signing_alg_values_supported: [...CLIENT_ASSERTION_ALGS],
    // RFC 7662: only a client that proves its secret or key may introspect (a public client's id proves nothing).
    introspection_endpoint: `${base}/oauth/introspect`,
    introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    introspection_endpoint_auth_signing_alg_values_supported: [...CLIENT_ASSERTION_ALGS],
    // OpenID Connect RP-Initiated Logout 1.0 (GET or form POST): src/interfaces/http/logout/logoutRouter.ts.
    end_session_endpoint: `${base}/oauth/logout`,
    // Back-Channel Logout 1.0: logout tokens (with `sid`) go to clients registered with --backchannel-logout-uri; they are signed, so an asymmetric key only.
    ...(openId ? { backchannel_logout_supported: true, backchannel_logout_session_supported: true } : {}),
    // RFC 9449 §5.1: DPoP proofs at the token and userinfo endpoints, with any of these (whatever signs the tokens).
    dpop_signing_alg_values_supported: [...DPOP_ALGORITHMS],
  });
}
