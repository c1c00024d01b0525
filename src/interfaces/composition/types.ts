/**
 * Every DI identifier of the auth service and its demo client, in one place. Symbols from the
 * global registry, so the client library's CLIENT_TYPES and these agree on shared ones (Clock, TokenVerifier, …).
 */
export const TYPES = {
  // configuration and technical services
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  DataSource: Symbol.for('DataSource'),
  PassList: Symbol.for('PassList'),
  // ports
  KeyStore: Symbol.for('KeyStore'),
  KeyPairGenerator: Symbol.for('KeyPairGenerator'),
  TokenSigner: Symbol.for('TokenSigner'),
  TokenVerifier: Symbol.for('TokenVerifier'),
  AccessTokenVerifier: Symbol.for('AccessTokenVerifier'),
  KeyHolderVerifier: Symbol.for('KeyHolderVerifier'),
  VerificationKeySource: Symbol.for('VerificationKeySource'),
  UserAuthenticator: Symbol.for('UserAuthenticator'),
  UserRepository: Symbol.for('UserRepository'),
  PasswordHasher: Symbol.for('PasswordHasher'),
  ClientRegistry: Symbol.for('ClientRegistry'),
  ResourceServices: Symbol.for('ResourceServices'),
  RefreshLimiter: Symbol.for('RefreshLimiter'),
  AuthServiceMetrics: Symbol.for('AuthServiceMetrics'),
  MetricsRegistry: Symbol.for('MetricsRegistry'),
  Clock: Symbol.for('Clock'),
  IdGenerator: Symbol.for('IdGenerator'),
  KeyRing: Symbol.for('KeyRing'),
  KeyLifecycleStore: Symbol.for('KeyLifecycleStore'),
  KeyCipher: Symbol.for('KeyCipher'),
  PublicJwkExporter: Symbol.for('PublicJwkExporter'),
  DiscoveryDocument: Symbol.for('DiscoveryDocument'),
  IssuerStore: Symbol.for('IssuerStore'),
  ServiceIssuer: Symbol.for('ServiceIssuer'),
  AttemptCounterStore: Symbol.for('AttemptCounterStore'),
  LoginAttemptLimiter: Symbol.for('LoginAttemptLimiter'),
  LoginCapacity: Symbol.for('LoginCapacity'),
  KeyEndpointAttemptLimiter: Symbol.for('KeyEndpointAttemptLimiter'),
  RevocationStore: Symbol.for('RevocationStore'),
  RevocationView: Symbol.for('RevocationView'),
  RefreshTokenStore: Symbol.for('RefreshTokenStore'),
  RefreshTokenFamilies: Symbol.for('RefreshTokenFamilies'),
  ActiveUsers: Symbol.for('ActiveUsers'),
  GrantOwners: Symbol.for('GrantOwners'),
  LoginTokens: Symbol.for('LoginTokens'),
  OAuthTokens: Symbol.for('OAuthTokens'),
  SecretGenerator: Symbol.for('SecretGenerator'),
  OAuthClientStore: Symbol.for('OAuthClientStore'),
  AuthorizationCodeStore: Symbol.for('AuthorizationCodeStore'),
  SignInSessionStore: Symbol.for('SignInSessionStore'),
  // use cases
  EnsureSigningKeys: Symbol.for('EnsureSigningKeys'),
  EnsureIssuer: Symbol.for('EnsureIssuer'),
  SignInFormKeyStore: Symbol.for('SignInFormKeyStore'),
  EnsureSignInFormKey: Symbol.for('EnsureSignInFormKey'),
  Login: Symbol.for('Login'),
  GetPublicKey: Symbol.for('GetPublicKey'),
  GetVerificationKeys: Symbol.for('GetVerificationKeys'),
  GetCurrentUser: Symbol.for('GetCurrentUser'),
  GetJsonWebKeySet: Symbol.for('GetJsonWebKeySet'),
  SyncSigningKeys: Symbol.for('SyncSigningKeys'),
  RotateSigningKey: Symbol.for('RotateSigningKey'),
  RevokeSigningKey: Symbol.for('RevokeSigningKey'),
  ClientCredentialsGrant: Symbol.for('ClientCredentialsGrant'),
  PasswordGrant: Symbol.for('PasswordGrant'),
  AuthenticateClient: Symbol.for('AuthenticateClient'),
  TokenGrants: Symbol.for('TokenGrants'),
  GetUserInfo: Symbol.for('GetUserInfo'),
  RevokeUserTokens: Symbol.for('RevokeUserTokens'),
  RevokeToken: Symbol.for('RevokeToken'),
  IntrospectToken: Symbol.for('IntrospectToken'),
  GetRevocationFeed: Symbol.for('GetRevocationFeed'),
  RevokeIssuedAccessTokens: Symbol.for('RevokeIssuedAccessTokens'),
  RefreshAccessToken: Symbol.for('RefreshAccessToken'),
  Authorize: Symbol.for('Authorize'),
  ExchangeAuthorizationCode: Symbol.for('ExchangeAuthorizationCode'),
  // http
  TokenInterceptor: Symbol.for('TokenInterceptor'),
} as const;

/**
 * The client library's identifiers (the same global symbols for the shared ones: Clock, TokenVerifier, …).
 * From the package root, not its inversify subpath: the operator CLIs import this file, and the subpath
 * loads the TokenInterceptor with express and inversify-express-utils.
 */
export { CLIENT_TYPES } from '@auth-service/client/inversify';
