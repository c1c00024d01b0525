/**
 * DI identifiers of the OAuth flows (refresh tokens), beside TYPES: kept in
 * their own file while TYPES moves out of the client package; fold into
 * composition/types.ts once it lives there.
 */
export const FLOW_TYPES = {
  RefreshTokenStore: Symbol.for('RefreshTokenStore'),
  RefreshTokenFamilies: Symbol.for('RefreshTokenFamilies'),
  RevokeIssuedAccessTokens: Symbol.for('RevokeIssuedAccessTokens'),
  UserAccessTokens: Symbol.for('UserAccessTokens'),
  RefreshAccessToken: Symbol.for('RefreshAccessToken'),
  SecretGenerator: Symbol.for('SecretGenerator'),
  OAuthClientStore: Symbol.for('OAuthClientStore'),
  AuthorizationCodeStore: Symbol.for('AuthorizationCodeStore'),
  SignInSessionStore: Symbol.for('SignInSessionStore'),
  Authorize: Symbol.for('Authorize'),
  ExchangeAuthorizationCode: Symbol.for('ExchangeAuthorizationCode'),
} as const;
