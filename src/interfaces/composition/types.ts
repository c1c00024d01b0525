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
  VerificationKeySource: Symbol.for('VerificationKeySource'),
  UserAuthenticator: Symbol.for('UserAuthenticator'),
  UserRepository: Symbol.for('UserRepository'),
  PasswordHasher: Symbol.for('PasswordHasher'),
  ClientRegistry: Symbol.for('ClientRegistry'),
  Clock: Symbol.for('Clock'),
  IdGenerator: Symbol.for('IdGenerator'),
  KeyRing: Symbol.for('KeyRing'),
  // use cases
  EnsureSigningKeys: Symbol.for('EnsureSigningKeys'),
  Login: Symbol.for('Login'),
  GetPublicKey: Symbol.for('GetPublicKey'),
  GetCurrentUser: Symbol.for('GetCurrentUser'),
  // http
  TokenInterceptor: Symbol.for('TokenInterceptor'),
} as const;
