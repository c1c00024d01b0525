import type { ResponseObject } from './openApiTypes';

/** RFC 9449 §4: the `DPoP` request header of the token and userinfo endpoints. */
export const DPOP_PROOF_HEADER = {
  name: 'DPoP',
  in: 'header',
  required: false,
  description:
    'RFC 9449 proof (compact JWS, `typ: dpop+jwt`, alg ES256, PS256, RS256 or EdDSA, the public key in `jwk`; claims `jti`, `htm`, ' +
    '`htu` (the endpoint without query), `iat` within 60 s, `ath` beside an access token, `nonce` under AUTH_DPOP_NONCE=required). ' +
    'Each proof is good once, on any instance.',
  schema: { type: 'string' },
} as const;

/** RFC 9449 §8: the nonce to put in the next proof, on every answer when AUTH_DPOP_NONCE=required. */
export const DPOP_NONCE_HEADER: NonNullable<ResponseObject['headers']> = {
  'DPoP-Nonce': { description: 'AUTH_DPOP_NONCE=required: the server nonce the next proof must carry (RFC 9449 §8)', schema: { type: 'string' } },
};
