import type { AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import type { DiscoveryDocument } from '../http/controllers/WellKnownController';

/** OpenID Provider metadata (the subset that describes what this service really does). */
export function discoveryDocument(config: Readonly<AuthServerConfig>): DiscoveryDocument {
  const issuer = config.issuer.replace(/\/+$/, '');
  return Object.freeze({
    issuer,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    token_endpoint: `${issuer}/oauth/jwt/token`,
    userinfo_endpoint: `${issuer}/current/user/details`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    revocation_endpoint_auth_methods_supported: ['client_secret_basic'],
    response_types_supported: ['token'],
    grant_types_supported: ['password'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [config.signAlg],
    token_endpoint_auth_methods_supported: ['none'],
    claims_supported: ['sub', 'iss', 'iat', 'exp', 'jti', 'account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'telephone', 'grade'],
  });
}
