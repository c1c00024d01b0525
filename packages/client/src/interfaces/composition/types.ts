/**
 * Every DI identifier, in one place. Symbols from the global registry, so the
 * client library and the server agree on shared ones (Clock, TokenVerifier, …).
 */
export const TYPES = {
  // configuration and technical services
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  DataSource: Symbol.for('DataSource'),
  PassList: Symbol.for('PassList'),
  HealthIndicators: Symbol.for('HealthIndicators'),
  // ports
  KeyStore: Symbol.for('KeyStore'),
  KeyPairGenerator: Symbol.for('KeyPairGenerator'),
  TokenSigner: Symbol.for('TokenSigner'),
  TokenVerifier: Symbol.for('TokenVerifier'),
  AccessTokenVerifier: Symbol.for('AccessTokenVerifier'),
  VerificationKeySource: Symbol.for('VerificationKeySource'),
  UserAuthenticator: Symbol.for('UserAuthenticator'),
  UserRepository: Symbol.for('UserRepository'),
  PasswordHasher: Symbol.for('PasswordHasher'),
  ClientRegistry: Symbol.for('ClientRegistry'),
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
  // use cases
  EnsureSigningKeys: Symbol.for('EnsureSigningKeys'),
  EnsureIssuer: Symbol.for('EnsureIssuer'),
  Login: Symbol.for('Login'),
  GetPublicKey: Symbol.for('GetPublicKey'),
  GetVerificationKeys: Symbol.for('GetVerificationKeys'),
  GetCurrentUser: Symbol.for('GetCurrentUser'),
  GetJsonWebKeySet: Symbol.for('GetJsonWebKeySet'),
  SyncSigningKeys: Symbol.for('SyncSigningKeys'),
  RotateSigningKey: Symbol.for('RotateSigningKey'),
  RevokeSigningKey: Symbol.for('RevokeSigningKey'),
  IssueOAuthToken: Symbol.for('IssueOAuthToken'),
  GetUserInfo: Symbol.for('GetUserInfo'),
  RevokeUserTokens: Symbol.for('RevokeUserTokens'),
  RevokeAccessToken: Symbol.for('RevokeAccessToken'),
  GetRevocationFeed: Symbol.for('GetRevocationFeed'),
  // http
  TokenInterceptor: Symbol.for('TokenInterceptor'),
} as const;

/**
 * The client library's identifiers: its own, plus the shared ones a service
 * embedding it resolves or rebinds (same symbols as in TYPES).
 */
export const CLIENT_TYPES = {
  ClientOptions: Symbol.for('ClientOptions'),
  PublicKeyProvider: Symbol.for('PublicKeyProvider'),
  PublicKeySource: Symbol.for('PublicKeySource'),
  JsonWebKeySetSource: Symbol.for('JsonWebKeySetSource'),
  VerificationKeyReader: Symbol.for('VerificationKeyReader'),
  ParsedKeyCache: Symbol.for('ParsedKeyCache'),
  KeyRefreshScheduler: Symbol.for('KeyRefreshScheduler'),
  RevocationFeedSource: Symbol.for('RevocationFeedSource'),
  RevocationFeedProvider: Symbol.for('RevocationFeedProvider'),
  VerificationKeySource: TYPES.VerificationKeySource,
  TokenVerifier: TYPES.TokenVerifier,
  GetCurrentUser: TYPES.GetCurrentUser,
  TokenInterceptor: TYPES.TokenInterceptor,
  PassList: TYPES.PassList,
  Clock: TYPES.Clock,
  Logger: TYPES.Logger,
} as const;
