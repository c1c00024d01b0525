import { requestSchemas } from './dtoSchemas';
import type { JsonSchema } from './openApiTypes';

export type SchemaName =
  | 'LoginRequest'
  | 'LoginUserInfo'
  | 'AccessTokenInfo'
  | 'CurrentUserDetails'
  | 'ErrorEnvelope'
  | 'LoginEnvelope'
  | 'PublicKeyEnvelope'
  | 'VerificationKeysEnvelope'
  | 'CurrentUserEnvelope'
  | 'ActuatorLinks'
  | 'Health'
  | 'Info'
  | 'JsonWebKeySet'
  | 'DiscoveryDocument';

/** A reference to a schema in `components.schemas`. */
export function ref(name: SchemaName): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

const nullableString: JsonSchema = { type: ['string', 'null'] };

/** The envelope around `data`; field order is part of the API. */
export function envelopeOf(data: JsonSchema, description: string): JsonSchema {
  return {
    type: 'object',
    description,
    required: ['success', 'status', 'msg', 'data'],
    properties: {
      success: { type: 'boolean', description: 'true on success' },
      status: { type: 'integer', description: 'the HTTP status, repeated' },
      msg: { type: 'string', description: 'human-readable message' },
      data,
    },
    additionalProperties: false,
  };
}

const LOGIN_USER_INFO_FIELDS = ['tenantId', 'telephone', 'userType', 'avatar', 'nickName', 'grade'] as const;

/** The current user's fields, in the order they appear in the JSON. */
export const CURRENT_USER_FIELDS = [
  'id', 'tenantId', 'clientId', 'signMethod', 'nickName', 'avatar', 'anId', 'anTitle', 'telephone', 'email',
  'account', 'accountSecret', 'status', 'appId', 'openId', 'userType', 'sex', 'deptId', 'deptTitle', 'postId',
  'postTitle', 'grade', 'isSuperAdmin', 'delFlag', 'canDel', 'expireTime', 'other',
] as const;

const CURRENT_USER_TYPES: Readonly<Partial<Record<(typeof CURRENT_USER_FIELDS)[number], JsonSchema>>> = {
  isSuperAdmin: { type: ['boolean', 'null'] },
  canDel: { type: ['boolean', 'null'] },
  expireTime: { type: ['string', 'null'], description: '`yyyy-MM-dd HH:mm:ss`, GMT+8' },
  other: { type: ['object', 'null'], additionalProperties: true },
};

/** `components.schemas` of the auth service's document. */
export const SCHEMAS: Readonly<Record<SchemaName, JsonSchema>> = {
  // Generated from the DTO that validates the login body: the document and the validation cannot drift.
  LoginRequest: requestSchemas().LoginRequest,
  LoginUserInfo: {
    type: 'object',
    description: 'The `info` of a login response: the authenticated user; every key present, nulls included.',
    required: [...LOGIN_USER_INFO_FIELDS],
    properties: {
      tenantId: nullableString,
      telephone: nullableString,
      userType: { type: 'string', description: '"4" is the member user type' },
      avatar: nullableString,
      nickName: { type: 'string' },
      grade: nullableString,
    },
    additionalProperties: false,
  },
  AccessTokenInfo: {
    type: 'object',
    description: 'The `data` of a login response; key order and the null fields are part of the API.',
    required: ['access_token', 'token_type', 'refresh_token', 'expires_in', 'scope', 'path', 'info'],
    properties: {
      access_token: {
        type: 'string',
        description:
          'Signed JWT. Header: typ JWT, alg, kid. Claims: account, nickName, userId, userType, tenantId/avatar/telephone/grade ' +
          'when not null, sub (= userId), iss, iat, exp (iat + AUTH_TOKEN_TTL_SECONDS), jti.',
      },
      token_type: { type: ['string', 'null'], description: 'null in the login response' },
      refresh_token: { type: ['string', 'null'], description: 'null in the login response' },
      expires_in: { type: ['integer', 'null'], description: 'null in the login response (read `exp` from the token)' },
      scope: { type: ['string', 'null'], description: 'null in the login response' },
      path: { type: ['string', 'null'], description: 'null in the login response' },
      info: ref('LoginUserInfo'),
    },
    additionalProperties: false,
  },
  CurrentUserDetails: {
    type: 'object',
    description: 'The user behind the token; every key present in this order, null when unknown.',
    required: [...CURRENT_USER_FIELDS],
    properties: Object.fromEntries(CURRENT_USER_FIELDS.map((field) => [field, CURRENT_USER_TYPES[field] ?? nullableString])),
    additionalProperties: false,
  },
  ErrorEnvelope: envelopeOf({ type: 'null' }, 'Every failure: success false, the HTTP status, a message, data null.'),
  LoginEnvelope: envelopeOf(ref('AccessTokenInfo'), 'Login success.'),
  PublicKeyEnvelope: envelopeOf(
    {
      type: 'string',
      contentEncoding: 'base64',
      description:
        'Base64 (standard, padded, no PEM armour) of the DER X.509 SubjectPublicKeyInfo (what Java decodes with ' +
        'X509EncodedKeySpec); with AUTH_SIGN_METHOD=hmac, Base64 of the shared secret, to registered clients only.',
    },
    'The verification key.',
  ),
  VerificationKeysEnvelope: envelopeOf(
    {
      type: 'array',
      description: 'Every key that still verifies: the active one first, then the next (publish-ahead) and retiring ones.',
      items: {
        type: 'object',
        required: ['kid', 'alg', 'key'],
        additionalProperties: false,
        properties: {
          kid: { type: 'string', description: 'the kid of the tokens this key verifies' },
          alg: { type: 'string', description: 'the one JWS algorithm of those tokens' },
          key: { type: 'string', contentEncoding: 'base64', description: 'as in PublicKeyEnvelope: Base64 SPKI DER, or with hmac the Base64 secret' },
        },
      },
    },
    'The verification keys, by kid.',
  ),
  CurrentUserEnvelope: envelopeOf(ref('CurrentUserDetails'), 'The current user.'),
  ActuatorLinks: {
    type: 'object',
    description: 'Spring-Boot-style index of the management endpoints (not enveloped).',
    required: ['_links'],
    properties: {
      _links: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          required: ['href', 'templated'],
          properties: { href: { type: 'string', format: 'uri-reference' }, templated: { type: 'boolean' } },
        },
      },
    },
  },
  Health: {
    type: 'object',
    description: 'Spring-style health (not enveloped); details always shown.',
    required: ['status', 'components'],
    properties: {
      status: { enum: ['UP', 'DOWN'] },
      components: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          required: ['status', 'details'],
          properties: { status: { enum: ['UP', 'DOWN'] }, details: { type: 'object', additionalProperties: true } },
        },
      },
    },
  },
  Info: {
    type: 'object',
    description: 'Build and signing information (not enveloped).',
    required: ['name', 'version', 'signMethod', 'alg'],
    properties: {
      name: { type: 'string' },
      version: { type: 'string' },
      signMethod: { enum: ['rsa', 'ecdsa', 'hmac'] },
      alg: { type: 'string' },
    },
    additionalProperties: true,
  },
  JsonWebKeySet: {
    type: 'object',
    description: 'RFC 7517 key set of the published keys (next, active, retiring); public members only, empty with hmac.',
    required: ['keys'],
    properties: {
      keys: {
        type: 'array',
        items: {
          type: 'object',
          required: ['kty', 'kid', 'use', 'alg'],
          properties: {
            kty: { enum: ['RSA', 'EC'] },
            kid: { type: 'string', description: 'RFC 7638 thumbprint' },
            use: { const: 'sig' },
            alg: { type: 'string' },
            n: { type: 'string' },
            e: { type: 'string' },
            crv: { type: 'string' },
            x: { type: 'string' },
            y: { type: 'string' },
          },
        },
      },
    },
  },
  DiscoveryDocument: {
    type: 'object',
    description: 'RFC 8414 authorization server metadata, OpenID Provider metadata with an asymmetric key (not enveloped).',
    required: ['issuer', 'jwks_uri', 'token_endpoint', 'response_types_supported'],
    properties: {
      issuer: { type: 'string', format: 'uri' },
      jwks_uri: { type: 'string', format: 'uri' },
      authorization_endpoint: { type: 'string', format: 'uri' },
      token_endpoint: { type: 'string', format: 'uri' },
      userinfo_endpoint: { type: 'string', format: 'uri' },
      grant_types_supported: { type: 'array', items: { type: 'string' } },
      response_types_supported: { type: 'array', items: { const: 'code' } },
      code_challenge_methods_supported: { type: 'array', items: { const: 'S256' } },
      token_endpoint_auth_methods_supported: { type: 'array', items: { type: 'string' } },
      token_endpoint_auth_signing_alg_values_supported: { type: 'array', items: { enum: ['RS256', 'PS256', 'ES256', 'EdDSA'] }, description: 'private_key_jwt assertions (also at revocation and introspection)' },
      pushed_authorization_request_endpoint: { type: 'string', format: 'uri', description: 'RFC 9126' },
      device_authorization_endpoint: { type: 'string', format: 'uri', description: 'RFC 8628 §4' },
      require_pushed_authorization_requests: { type: 'boolean', description: 'RFC 9126 §5: true when AUTH_REQUIRE_PAR=all; always present' },
      scopes_supported: { type: 'array', items: { type: 'string' }, description: 'with an asymmetric signing key only: openid and the scopes that answer standard claims' },
      subject_types_supported: { type: 'array', items: { const: 'public' }, description: 'with an asymmetric signing key only' },
      id_token_signing_alg_values_supported: { type: 'array', items: { type: 'string', not: { const: 'none' } }, description: 'with an asymmetric signing key only: its algorithm' },
      claims_supported: { type: 'array', items: { type: 'string' } },
      end_session_endpoint: { type: 'string', format: 'uri', description: 'OpenID Connect RP-Initiated Logout 1.0' },
      backchannel_logout_supported: { const: true, description: 'OpenID Connect Back-Channel Logout 1.0; with an asymmetric signing key only' },
      backchannel_logout_session_supported: { const: true, description: 'logout tokens carry `sid`, and ID tokens from a sign-in session do; with an asymmetric signing key only' },
      dpop_signing_alg_values_supported: { type: 'array', items: { type: 'string' }, description: 'RFC 9449 §5.1: the algorithms of DPoP proofs: ES256, PS256, RS256, EdDSA' },
    },
    additionalProperties: true,
  },
};
